import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './private-mariadb.js';

/** The built server as a process of its own on a free port, for an instance that must really die. */
export interface SpawnedInstance {
  url: string;
  port: number;
  /** Sends a signal and resolves with the exit code once the process has exited. */
  signal(name: NodeJS.Signals): Promise<number | null>;
  kill(): Promise<void>;
}

/** Collects a stream's lines into `lines` as they come. */
function collectLines(stream: NodeJS.ReadableStream, lines: string[]): void {
  let rest = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
}

/**
 * `logLines` receives the log (stdout), `errorLines` what the process writes to stderr (its startup warnings);
 * `nodeFlags` are given to `node` before the script.
 */
export async function spawnInstance(
  env: Record<string, string>,
  options: { logLines?: string[]; errorLines?: string[]; nodeFlags?: string[] } = {},
): Promise<SpawnedInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'agromaq-instance-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), 'dist/main.js'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'false',
      // Silent unless the test reads the log (its lines go into `options.logLines`).
      LOG_LEVEL: options.logLines ? (env.LOG_LEVEL ?? 'info') : 'silent',
      UPLOADS_DIR: env.UPLOADS_DIR ?? join(dir, 'uploads'),
      OUTBOX_DIR: join(dir, 'outbox'),
      // No balancer to wait for unless a test brings one (the rolling restart sets its own delay).
      SHUTDOWN_DELAY_MS: env.SHUTDOWN_DELAY_MS ?? '0',
    },
    stdio: ['ignore', options.logLines ? 'pipe' : 'ignore', options.errorLines ? 'pipe' : 'ignore'],
  });
  if (options.logLines && child.stdout) collectLines(child.stdout, options.logLines);
  if (options.errorLines && child.stderr) collectLines(child.stderr, options.errorLines);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the spawned instance did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    async signal(name) {
      child.kill(name);
      const code = await exited;
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The variables of a deployment of several instances on the local MariaDB: a database of its own (named after
 * `name` and a random tag, so parallel files never meet), and the secrets the instances share.
 */
export function sharedDeployment(name: string): { tag: string; env: Record<string, string> } {
  const tag = randomBytes(4).toString('hex');
  return {
    tag,
    env: {
      DB_TYPE: 'mysql',
      DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
      DB_PORT: process.env.DB_PORT ?? '3306',
      DB_USER: process.env.DB_USER ?? 'root',
      DB_PASSWORD: process.env.DB_PASSWORD ?? '',
      DB_NAME: `agromaq_${name}_${tag}`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      APP_KEY: randomBytes(32).toString('base64url'),
      APP_URL: 'https://agromaq.test',
    },
  };
}
