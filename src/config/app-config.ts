import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SiteSettings } from '../shared/site.views.js';

/** Who may read the API's documentation (API_DOCS): everyone, a logged-in admin, or nobody (404). */
export type ApiDocsAccess = 'public' | 'admin' | 'off';

export type NodeEnv = 'development' | 'production' | 'test';

export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | {
      type: 'mysql';
      host: string;
      port: number;
      username: string;
      password: string;
      database: string;
    };

/** Contact details and links shown on the public site (the shared prop `site`). */
export type SiteConfig = SiteSettings;

export interface AppConfig {
  env: NodeEnv;
  port: number;
  host: string;
  appName: string;
  appUrl: string;
  /** Production over plain HTTP, said explicitly (ALLOW_INSECURE_HTTP): warned about at every start. */
  allowInsecureHttp: boolean;
  db: DatabaseConfig;
  migrateOnStart: boolean;
  seedOnStart: boolean;
  jwtSecret: string;
  /** How long an admin session (JWT and cookie) lasts, in seconds. */
  jwtExpiresIn: number;
  /** How long an admin session may go without a request made by the person before it ends (SESSION_IDLE). */
  sessionIdleMinutes: number;
  /** How long a 2FA confirmation (or the login) opens the sensitive actions to a session (STEP_UP_REQUIRED). */
  stepUpMinutes: number;
  appKey: string;
  /** Value handed to Fastify's `trustProxy` (proxy-addr): false ignores X-Forwarded-For. */
  trustProxy: boolean | number | string;
  logLevel: string;
  ssr: boolean;
  /** Serve the client through Vite's dev server (hot reload) instead of the built bundle. */
  viteDev: boolean;
  site: SiteConfig;
  /** An MMDB city database to use instead of the one shipped by the geolocation package. */
  geoipDbPath: string | null;
  /** Where uploaded files (company logos) are kept by the local storage. */
  uploadsDir: string;
  mail: MailConfig;
  /** How long a password-reset or account-deletion link lasts, in minutes. */
  passwordResetMinutes: number;
  /** How long a record's history entries are kept (HISTORY_RETENTION_DAYS). */
  historyRetentionDays: number;
  /** The port of /metrics (Prometheus), apart from the public one; null: no metrics served. */
  metricsPort: number | null;
  /** Who reads /api/docs and /api/docs.json: everyone, a logged-in admin (production's default), or nobody. */
  apiDocs: ApiDocsAccess;
  /** On SIGTERM, how long the instance keeps serving with its readiness at 503 before it drains. */
  shutdownDelayMs: number;
  redis: RedisConfig;
  /** Object storage for uploaded logos, shared by every instance; null keeps them in the local folder. */
  s3: S3Config | null;
  /** OpenTelemetry traces sent over OTLP/HTTP; null (no OTEL_EXPORTER_OTLP_ENDPOINT): no tracing at all. */
  tracing: TracingConfig | null;
}

/** The OTLP/HTTP encodings OTEL_EXPORTER_OTLP_PROTOCOL names (gRPC is not offered). */
export const TRACE_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type TraceProtocol = (typeof TRACE_PROTOCOLS)[number];

/** The OpenTelemetry samplers OTEL_TRACES_SAMPLER names (the specification's, without the Jaeger remote one). */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

export interface TracingConfig {
  /** The collector's OTLP/HTTP base address; spans go to its /v1/traces. */
  endpoint: string;
  /** How the spans are encoded: protobuf (OpenTelemetry's default) or JSON. */
  protocol: TraceProtocol;
  serviceName: string;
  sampler: TraceSampler;
  /** The ratio of the *traceidratio samplers, from 0 to 1. */
  samplerRatio: number;
}

/** S3-compatible object storage (AWS S3, MinIO): S3_BUCKET with its region and credentials, S3_ENDPOINT for others than AWS. */
export interface S3Config {
  /** http(s)://host:port of a store other than AWS (MinIO); null for AWS itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

/** Redis, shared by every instance: rate limits count there. Without a URL the app runs as one process. */
export interface RedisConfig {
  /** redis(s)://[user:password@]host:port[/db] */
  url: string | null;
  /** Prepended to every key, so several apps (or test runs) share one Redis. */
  keyPrefix: string;
}

export interface MailConfig {
  /** smtp(s)://user:password@host:port; without it messages are written to the outbox folder. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export interface LoadConfigOptions {
  /** Where development secrets are generated once and kept; null keeps them in memory only. */
  secretsFile?: string | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;

/**
 * Reads and validates the whole configuration from the environment. Every problem is collected, so one
 * run names all of them; the caller prints them and exits.
 */
export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): AppConfig {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'production', 'test'], 'development') as NodeEnv;
  const port = read.integer('PORT', 3000, 0, 65535);
  const host = read.string('HOST', '0.0.0.0');
  const appName = read.string('APP_NAME', 'AgroMaq');
  const appUrl = read.url('APP_URL', `http://localhost:${port}`);
  const allowInsecureHttp = read.boolean('ALLOW_INSECURE_HTTP', false);
  // Over http:// the session cookie goes out without Secure or __Host- and e-mailed links point there.
  if (nodeEnv === 'production' && !appUrl.startsWith('https://') && !allowInsecureHttp)
    read.problem(
      'APP_URL',
      `in production it must be the https:// address the site is reached at (got "${appUrl}"); set ALLOW_INSECURE_HTTP=true only where nothing serves it over TLS`,
    );
  const db = readDatabase(read, env);
  const migrateOnStart = read.boolean('DB_MIGRATE_ON_START', true);
  const seedOnStart = read.boolean('SEED_DEMO', nodeEnv === 'development');
  const logLevel = read.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');
  const ssr = read.boolean('SSR', true);
  const viteDev = read.boolean('VITE_DEV', false);
  const trustProxy = readTrustProxy(read);
  const jwtExpiresIn = read.duration('JWT_EXPIRES_IN', 8 * 3600);
  const whatsappNumber = read.pattern('WHATSAPP_NUMBER', '5543999990000', /^\d{12,13}$/, 'digits only with country and area code, e.g. 5543999990000');
  const geoipDbPath = read.raw('GEOIP_DB_PATH') || null;
  const uploadsDir = read.string('UPLOADS_DIR', 'var/uploads');
  const smtpUrl = read.optionalPattern('SMTP_URL', /^smtps?:\/\/\S+$/, 'like smtp://user:password@host:587');
  const mailFrom = read.string('MAIL_FROM', `${appName} <nao-responda@agromaq.com.br>`);
  const outboxDir = read.string('OUTBOX_DIR', 'var/outbox');
  const passwordResetMinutes = read.integer('PASSWORD_RESET_MINUTES', 30, 5, 24 * 60);
  const sessionIdleMinutes = read.integer('SESSION_IDLE_MINUTES', 30, 1, 24 * 60);
  const stepUpMinutes = read.integer('STEP_UP_MINUTES', 10, 1, 24 * 60);
  const historyRetentionDays = read.integer('HISTORY_RETENTION_DAYS', 730, 1, 36_500);
  const shutdownDelayMs = read.integer('SHUTDOWN_DELAY_MS', 5_000, 0, 120_000);
  const metricsPort = read.raw('METRICS_PORT') ? read.integer('METRICS_PORT', 0, 0, 65535) : null;
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port)
    read.problem('METRICS_PORT', 'must differ from PORT (the metrics are never on the public port)');
  const apiDocs = read.oneOf('API_DOCS', ['public', 'admin', 'off'], nodeEnv === 'production' ? 'admin' : 'public') as ApiDocsAccess;
  const redisUrl = read.optionalPattern('REDIS_URL', /^rediss?:\/\/\S+$/, 'like redis://127.0.0.1:6379');
  const redisKeyPrefix = read.pattern('REDIS_KEY_PREFIX', 'agromaq:', /^[\w:.-]{1,64}$/, 'letters, digits and : . - _ (up to 64)');
  const s3 = readS3(read);
  const tracing = readTracing(read);
  const siteEmail = read.pattern('SITE_EMAIL', 'contato@agromaq.com.br', /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address');
  const siteAddress = read.string('SITE_ADDRESS', 'Rua Manoel Ribas, 1150, Centro, Arapongas - PR, 86700-000');
  const iosAppUrl = read.url('IOS_APP_URL', 'https://apps.apple.com/br/app/agromaq/id6740000000');
  const androidAppUrl = read.url('ANDROID_APP_URL', 'https://play.google.com/store/apps/details?id=br.com.agromaq.app');
  const instagramUrl = read.url('INSTAGRAM_URL', 'https://www.instagram.com/agromaq.app');
  const facebookUrl = read.url('FACEBOOK_URL', 'https://www.facebook.com/agromaq.app');
  const linkedinUrl = read.url('LINKEDIN_URL', 'https://www.linkedin.com/company/agromaq');
  const gtmId = read.optionalPattern('GTM_ID', /^GTM-[A-Z0-9]+$/, 'like GTM-XXXXXXX');

  if (viteDev && nodeEnv === 'production') problems.push('VITE_DEV: the Vite dev server never runs in production');
  if (seedOnStart && nodeEnv === 'production')
    problems.push('SEED_DEMO: demo data and the development admin (admin / agromaq2025) are never loaded in production');

  const secrets = readSecrets(env, nodeEnv, problems, options.secretsFile);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: nodeEnv,
    port,
    host,
    appName,
    appUrl: appUrl.replace(/\/+$/, ''),
    allowInsecureHttp,
    db,
    migrateOnStart,
    seedOnStart,
    jwtSecret: secrets.JWT_SECRET,
    jwtExpiresIn,
    sessionIdleMinutes,
    stepUpMinutes,
    appKey: secrets.APP_KEY,
    trustProxy,
    logLevel,
    ssr,
    viteDev,
    site: { whatsappNumber, gtmId, email: siteEmail, address: siteAddress, iosAppUrl, androidAppUrl, instagramUrl, facebookUrl, linkedinUrl },
    geoipDbPath,
    uploadsDir,
    mail: { smtpUrl, from: mailFrom, outboxDir },
    passwordResetMinutes,
    historyRetentionDays,
    shutdownDelayMs,
    metricsPort,
    apiDocs,
    redis: { url: redisUrl, keyPrefix: redisKeyPrefix },
    s3,
    tracing,
  };
}

/** Tracing is on when OTEL_EXPORTER_OTLP_ENDPOINT is set; the sampler follows OpenTelemetry's own variables. */
function readTracing(read: EnvReader): TracingConfig | null {
  const endpoint = read.optionalPattern('OTEL_EXPORTER_OTLP_ENDPOINT', /^https?:\/\/\S+$/, 'like http://collector:4318');
  // The traces' own variable first, then the one for every signal, as OpenTelemetry's SDKs read them.
  const protocol = read.oneOf(
    'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
    [...TRACE_PROTOCOLS],
    read.oneOf('OTEL_EXPORTER_OTLP_PROTOCOL', [...TRACE_PROTOCOLS], 'http/protobuf'),
  ) as TraceProtocol;
  const serviceName = read.string('OTEL_SERVICE_NAME', 'agromaq');
  const sampler = read.oneOf('OTEL_TRACES_SAMPLER', [...TRACE_SAMPLERS], 'parentbased_always_on') as TraceSampler;
  const samplerRatio = read.ratio('OTEL_TRACES_SAMPLER_ARG', 1);
  return endpoint ? { endpoint: endpoint.replace(/\/+$/, ''), protocol, serviceName, sampler, samplerRatio } : null;
}

/**
 * Object storage is on when S3_BUCKET is set; it then needs its region and credentials (every missing one is
 * named). S3_ENDPOINT points at a store other than AWS, which is then addressed path-style unless
 * S3_FORCE_PATH_STYLE=false.
 */
function readS3(read: EnvReader): S3Config | null {
  const endpoint = read.optionalPattern('S3_ENDPOINT', /^https?:\/\/[^\s/]+\/?$/, 'like http://minio:9000 (scheme, host and port only)');
  const bucket = read.optionalPattern('S3_BUCKET', /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens');
  // The AWS_* credentials alone may be in an environment for other tools; the S3_* names are ours.
  const related = ['S3_ENDPOINT', 'S3_REGION'].filter((name) => read.raw(name));
  if (!bucket) {
    if (related.length > 0)
      read.problem('S3_BUCKET', `required when ${related.join(', ')} ${related.length > 1 ? 'are' : 'is'} set (uploaded logos go to that bucket)`);
    return null;
  }
  const required = (name: string): string => {
    const value = read.raw(name);
    if (!value) read.problem(name, 'required with S3_BUCKET');
    return value ?? '';
  };
  return {
    endpoint: endpoint?.replace(/\/$/, '') ?? null,
    bucket,
    region: required('S3_REGION'),
    accessKeyId: required('AWS_ACCESS_KEY_ID'),
    secretAccessKey: required('AWS_SECRET_ACCESS_KEY'),
    forcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', endpoint !== null),
  };
}

function readDatabase(read: EnvReader, env: Env): DatabaseConfig {
  const type = read.oneOf('DB_TYPE', ['sqlite', 'mysql'], 'sqlite');
  if (type === 'sqlite') return { type: 'sqlite', path: read.string('DB_PATH', 'var/agromaq.sqlite') };

  if (env.DATABASE_URL) {
    const url = read.url('DATABASE_URL', '');
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'mysql:') throw new Error('scheme');
      const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
      if (!database) throw new Error('database');
      return {
        type: 'mysql',
        host: parsed.hostname,
        port: parsed.port ? Number(parsed.port) : 3306,
        username: decodeURIComponent(parsed.username),
        password: decodeURIComponent(parsed.password),
        database,
      };
    } catch {
      read.problem('DATABASE_URL', 'must look like mysql://user:password@host:3306/database');
      return { type: 'mysql', host: '', port: 3306, username: '', password: '', database: '' };
    }
  }
  return {
    type: 'mysql',
    host: read.string('DB_HOST', '127.0.0.1'),
    port: read.integer('DB_PORT', 3306, 1, 65535),
    username: read.string('DB_USER', 'root'),
    password: env.DB_PASSWORD ?? '',
    database: read.pattern('DB_NAME', 'agromaq', /^[A-Za-z0-9_]{1,64}$/, 'letters, digits and _ only'),
  };
}

function readTrustProxy(read: EnvReader): boolean | number | string {
  const raw = read.raw('TRUST_PROXY');
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // an address list or a named range (loopback, uniquelocal...), as proxy-addr accepts
}

function readSecrets(env: Env, nodeEnv: NodeEnv, problems: string[], secretsFile: string | null | undefined): { JWT_SECRET: string; APP_KEY: string } {
  const names = ['JWT_SECRET', 'APP_KEY'] as const;
  const given: Partial<Record<(typeof names)[number], string>> = {};
  for (const name of names) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (value.length < MIN_SECRET_LENGTH) problems.push(`${name}: must be at least ${MIN_SECRET_LENGTH} characters long`);
    given[name] = value;
  }
  const missing = names.filter((name) => !given[name]);
  if (missing.length === 0) return given as { JWT_SECRET: string; APP_KEY: string };

  if (nodeEnv === 'production') {
    for (const name of missing) problems.push(`${name}: required in production (a random string of at least ${MIN_SECRET_LENGTH} characters)`);
    return { JWT_SECRET: '', APP_KEY: '' };
  }
  const generated = developmentSecrets(secretsFile === undefined ? 'var/secrets.json' : secretsFile);
  return { JWT_SECRET: given.JWT_SECRET ?? generated.JWT_SECRET, APP_KEY: given.APP_KEY ?? generated.APP_KEY };
}

/** Outside production, secrets that were not given are generated once and kept in a git-ignored file. */
function developmentSecrets(file: string | null): { JWT_SECRET: string; APP_KEY: string } {
  const fresh = () => ({ JWT_SECRET: randomBytes(48).toString('base64url'), APP_KEY: randomBytes(32).toString('base64url') });
  if (file === null) return fresh();
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { JWT_SECRET?: string; APP_KEY?: string };
    if (stored.JWT_SECRET && stored.APP_KEY) return { JWT_SECRET: stored.JWT_SECRET, APP_KEY: stored.APP_KEY };
  }
  const secrets = fresh();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined ? undefined : value.trim();
  }

  problem(name: string, why: string): void {
    this.problems.push(`${name}: ${why}`);
  }

  string(name: string, fallback: string): string {
    const value = this.raw(name);
    return value === undefined || value === '' ? fallback : value;
  }

  oneOf(name: string, allowed: string[], fallback: string): string {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    if (!allowed.includes(value)) this.problem(name, `must be one of ${allowed.join(', ')} (got "${value}")`);
    return value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      this.problem(name, `must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return number;
  }

  /** A number from 0 to 1, like 0.1. */
  ratio(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || number > 1) {
      this.problem(name, `must be a number from 0 to 1, like 0.1 (got "${value}")`);
      return fallback;
    }
    return number;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined || value === '') return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    this.problem(name, `must be true or false (got "${value}")`);
    return fallback;
  }

  /** Seconds, written as 3600, 90s, 30m, 8h or 1d; from one minute to 30 days. */
  duration(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    const match = /^(\d+)\s*(s|m|h|d)?$/.exec(value);
    const seconds = match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'] : NaN;
    if (!(seconds >= 60 && seconds <= 30 * 86400)) {
      this.problem(name, `must be a duration from 1m to 30d, like 8h or 30m (got "${value}")`);
      return fallback;
    }
    return seconds;
  }

  url(name: string, fallback: string): string {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    try {
      new URL(value);
    } catch {
      this.problem(name, `must be an absolute URL (got "${value}")`);
    }
    return value;
  }

  pattern(name: string, fallback: string, pattern: RegExp, hint: string): string {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    if (!pattern.test(value)) this.problem(name, `${hint} (got "${value}")`);
    return value;
  }

  optionalPattern(name: string, pattern: RegExp, hint: string): string | null {
    const value = this.raw(name);
    if (value === undefined || value === '') return null;
    if (!pattern.test(value)) this.problem(name, `${hint} (got "${value}")`);
    return value;
  }
}
