import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { generate } from 'otplib';

/**
 * What every bench tool needs to run the app's production build on the bench's database (`npm run bench`,
 * `npm run bench:instructions`): its admin and keys, its environment, a free port, its start, the login.
 */

/** The bench's admin (made by `npm run bench:data`), with its 2FA secret and the database it filled. */
export const admin = JSON.parse(readFileSync('var/bench-admin.json', 'utf8')) as {
  username: string;
  password: string;
  ip: string;
  secret: string;
  database: string;
};
/** The keys the bench's servers run with, so that its sessions stay valid from one server to the next. */
export const secrets = JSON.parse(readFileSync('var/bench-secrets.json', 'utf8')) as { JWT_SECRET: string; APP_KEY: string };
export const db = {
  host: process.env.DB_HOST ?? '127.0.0.1',
  port: Number(process.env.DB_PORT ?? 3306),
  user: process.env.DB_USER ?? 'root',
  password: process.env.DB_PASSWORD ?? '',
  database: admin.database,
};

/** The V8 heap budget of the Docker image (ENV NODE_OPTIONS in the Dockerfile): the old generation capped at 320 MB. */
export const PRODUCTION_NODE_FLAGS = (/^ENV NODE_OPTIONS="([^"]*)"/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1] ?? '').split(/\s+/).filter(Boolean);

/**
 * The environment of a production server of the bench on `port`, on the bench's database: `env` adds variables (a
 * traced server's OTEL_*). Tracing is off unless `env` turns it on: the OTEL_ variables of the shell running the
 * benchmark are not passed on.
 */
export function serverEnv(port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${port}`;
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_'))),
    NODE_ENV: 'production',
    // The benchmark serves on http://127.0.0.1, which production refuses unless told.
    ALLOW_INSECURE_HTTP: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DB_TYPE: 'mysql',
    DB_HOST: db.host,
    DB_PORT: String(db.port),
    DB_USER: db.user,
    DB_PASSWORD: db.password,
    DB_NAME: db.database,
    JWT_SECRET: secrets.JWT_SECRET,
    APP_KEY: secrets.APP_KEY,
    LOG_LEVEL: 'warn',
    // The bench logs in once; its exports and bulk changes (sensitive actions) come long after the default
    // 10 minutes of a 2FA confirmation.
    STEP_UP_MINUTES: '1440',
    SEED_DEMO: 'false',
    TRUST_PROXY: 'loopback',
    ...env,
  };
}

/**
 * What turns a bench server's tracing on (serverEnv's `env`): spans sent to `endpoint`, one request in `ratio`
 * (0 to 1) starting a sampled trace, over `protocol` (OTLP's default, protobuf, unless told).
 */
export function tracedEnv(endpoint: string, ratio: number | string, protocol = 'http/protobuf'): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: String(ratio),
  };
}

/** A port nothing listens on now, for a server to start on. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Waits until a started server answers its health check. */
export async function untilUp(server: ChildProcess, base: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${base}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server stopped (${server.exitCode ?? server.signalCode})`);
    // Up to 10 minutes: a new migration runs at start, and on a million rows it takes minutes (under valgrind, start-up alone takes 15 s).
    if (tries > 2400) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Logs the bench's admin in and returns the header that carries its session. */
export async function logIn(base: string): Promise<Record<string, string>> {
  const attempt = async () =>
    fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password, otp: await generate({ secret: admin.secret }) }),
    });
  let login = await attempt();
  // A run right after another one may be in the same 30 s as the code that one used, which counts once.
  if (login.status === 401 && (await login.clone().text()).includes('TOTP_ALREADY_USED')) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
    login = await attempt();
  }
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** The Docker image's Node.js (scripts/image-node.sh fetches it once), or null when it cannot be had. */
export function imageNode(): string | null {
  const fetched = spawnSync('bash', ['scripts/image-node.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return (fetched.status === 0 && fetched.stdout.trim()) || null;
}
