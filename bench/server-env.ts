import { readFileSync } from 'node:fs';

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
