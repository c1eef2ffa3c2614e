import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './private-mariadb.js';

export const redisServerAvailable = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A Redis server of the test's own on a free loopback port, which the test may stop and start again on the same
 * port (the machine's Redis is never touched). Nothing is kept on disk, unless `persistent`: then it keeps an
 * append-only file in a folder of its own, as the deployment's Redis does (docker-compose.yml), so what was
 * queued survives a stop.
 */
export class PrivateRedis {
  private process: ChildProcess | null = null;
  private readonly dir: string | null;

  private constructor(
    readonly port: number,
    persistent: boolean,
  ) {
    this.dir = persistent ? mkdtempSync(join(tmpdir(), 'agromaq-redis-')) : null;
  }

  static async create(options: { persistent?: boolean } = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), options.persistent ?? false);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const storage = this.dir ? ['--appendonly', 'yes', '--dir', this.dir] : ['--appendonly', 'no'];
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...storage], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${String(code)}): ${output}`));
      });
    });
    child.stdout?.resume();
  }

  /** Kills the server at once, as a crash would (or, with SIGTERM, stops it as an operator would). */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Stops it and removes its files. */
  async destroy(): Promise<void> {
    await this.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
