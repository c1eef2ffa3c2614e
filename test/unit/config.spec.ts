import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

const secrets = { JWT_SECRET: 'j'.repeat(40), APP_KEY: 'k'.repeat(40) };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { secretsFile: null });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('defaults to the embedded SQLite database, port 3000 and development', () => {
    const config = loadConfig({}, { secretsFile: null });
    expect(config).toMatchObject({ env: 'development', port: 3000, appName: 'AgroMaq', db: { type: 'sqlite', path: 'var/agromaq.sqlite' } });
    expect(config.migrateOnStart).toBe(true);
    expect(config.seedOnStart).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it('honours PORT, DB_TYPE and DB_PATH from the environment', () => {
    const config = loadConfig({ PORT: '4100', DB_PATH: '/tmp/x.sqlite' }, { secretsFile: null });
    expect(config.port).toBe(4100);
    expect(config.db).toEqual({ type: 'sqlite', path: '/tmp/x.sqlite' });
  });

  it('refuses an unknown DB_TYPE and says which values are allowed', () => {
    expect(problemsOf({ DB_TYPE: 'postgres' })).toEqual(['DB_TYPE: must be one of sqlite, mysql (got "postgres")']);
  });

  it('reads MySQL settings from DB_* variables or DATABASE_URL', () => {
    expect(loadConfig({ DB_TYPE: 'mysql', DB_HOST: 'db', DB_PORT: '3307', DB_NAME: 'agro' }, { secretsFile: null }).db).toEqual({
      type: 'mysql',
      host: 'db',
      port: 3307,
      username: 'root',
      password: '',
      database: 'agro',
    });
    expect(loadConfig({ DB_TYPE: 'mysql', DATABASE_URL: 'mysql://app:s%40nha@db.local:3308/agromaq' }, { secretsFile: null }).db).toEqual({
      type: 'mysql',
      host: 'db.local',
      port: 3308,
      username: 'app',
      password: 's@nha',
      database: 'agromaq',
    });
  });

  it('names every malformed value at once', () => {
    expect(problemsOf({ PORT: 'abc', DB_TYPE: 'mysql', DB_PORT: '99999', SSR: 'talvez', DATABASE_URL: '' })).toEqual([
      'PORT: must be a whole number from 0 to 65535 (got "abc")',
      'DB_PORT: must be a whole number from 1 to 65535 (got "99999")',
      'SSR: must be true or false (got "talvez")',
    ]);
    expect(problemsOf({ DB_TYPE: 'mysql', DATABASE_URL: 'postgres://x@y/z' })).toEqual([
      'DATABASE_URL: must look like mysql://user:password@host:3306/database',
    ]);
  });

  it('requires JWT_SECRET and APP_KEY in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br' })).toEqual([
      'JWT_SECRET: required in production (a random string of at least 32 characters)',
      'APP_KEY: required in production (a random string of at least 32 characters)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', ...secrets })).toEqual([]);
  });

  it('refuses plain HTTP in production unless ALLOW_INSECURE_HTTP says so', () => {
    expect(problemsOf({ NODE_ENV: 'production', ...secrets })).toEqual([
      'APP_URL: in production it must be the https:// address the site is reached at (got "http://localhost:3000"); set ALLOW_INSECURE_HTTP=true only where nothing serves it over TLS',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'http://agromaq.com.br', ...secrets })).toHaveLength(1);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_HTTP: 'true', ...secrets }, { secretsFile: null }).allowInsecureHttp).toBe(true);
    // Development and tests run on http://localhost.
    expect(problemsOf({})).toEqual([]);
  });

  it('keeps the API documentation to logged-in admins in production unless API_DOCS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', ...secrets }, { secretsFile: null }).apiDocs).toBe('admin');
    expect(loadConfig({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', ...secrets, API_DOCS: 'off' }, { secretsFile: null }).apiDocs).toBe('off');
    expect(loadConfig({}, { secretsFile: null }).apiDocs).toBe('public');
  });

  it('serves metrics only on a port of their own, never the public one', () => {
    expect(loadConfig({}, { secretsFile: null }).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }, { secretsFile: null }).metricsPort).toBe(9464);
    expect(problemsOf({ PORT: '3000', METRICS_PORT: '3000' })).toEqual(['METRICS_PORT: must differ from PORT (the metrics are never on the public port)']);
  });

  it('traces only with OTEL_EXPORTER_OTLP_ENDPOINT, with the sampler of the OpenTelemetry variables', () => {
    expect(loadConfig({ OTEL_TRACES_SAMPLER: 'always_on' }, { secretsFile: null }).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, { secretsFile: null }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      protocol: 'http/protobuf',
      serviceName: 'agromaq',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    const sampled = loadConfig(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
        OTEL_SERVICE_NAME: 'agromaq-api',
      },
      { secretsFile: null },
    ).tracing;
    expect(sampled).toMatchObject({ sampler: 'parentbased_traceidratio', samplerRatio: 0.1, serviceName: 'agromaq-api' });
    // The encoding: the traces' own variable before the one for every signal.
    const protocolOf = (env: Record<string, string>) =>
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', ...env }, { secretsFile: null }).tracing?.protocol;
    expect(protocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(protocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' })).toBe('http/protobuf');
    expect(problemsOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual(['OTEL_EXPORTER_OTLP_PROTOCOL: must be one of http/protobuf, http/json (got "grpc")']);
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318', OTEL_TRACES_SAMPLER: 'jaeger_remote', OTEL_TRACES_SAMPLER_ARG: '10%' })).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT: like http://collector:4318 (got "collector:4318")',
      'OTEL_TRACES_SAMPLER: must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio (got "jaeger_remote")',
      'OTEL_TRACES_SAMPLER_ARG: must be a number from 0 to 1, like 0.1 (got "10%")',
    ]);
  });

  it('refuses short secrets', () => {
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', JWT_SECRET: 'curto', APP_KEY: secrets.APP_KEY })).toEqual([
      'JWT_SECRET: must be at least 32 characters long',
    ]);
  });

  it('never loads demo data or the development admin in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', SEED_DEMO: 'true', ...secrets })).toEqual([
      'SEED_DEMO: demo data and the development admin (admin / agromaq2025) are never loaded in production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', SEED_DEMO: 'false', ...secrets })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', ...secrets })).toEqual([]);
  });

  it('never runs the Vite dev server in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', APP_URL: 'https://agromaq.com.br', VITE_DEV: 'true', ...secrets })).toEqual([
      'VITE_DEV: the Vite dev server never runs in production',
    ]);
  });

  it('generates development secrets once and keeps them', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agromaq-config-')), 'secrets.json');
    const first = loadConfig({}, { secretsFile: file });
    const second = loadConfig({}, { secretsFile: file });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.appKey).toBe(first.appKey);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ JWT_SECRET: first.jwtSecret, APP_KEY: first.appKey });
  });

  it('validates the chat-app number and the tag-manager id', () => {
    expect(problemsOf({ WHATSAPP_NUMBER: '43 9999-0000', GTM_ID: 'UA-1' })).toEqual([
      'WHATSAPP_NUMBER: digits only with country and area code, e.g. 5543999990000 (got "43 9999-0000")',
      'GTM_ID: like GTM-XXXXXXX (got "UA-1")',
    ]);
  });

  it('keeps the rate limits in memory unless REDIS_URL names a Redis; refuses anything else', () => {
    expect(loadConfig({}, { secretsFile: null }).redis).toEqual({ url: null, keyPrefix: 'agromaq:' });
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2', REDIS_KEY_PREFIX: 'agro-prod:' }, { secretsFile: null }).redis).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      keyPrefix: 'agro-prod:',
    });
    expect(problemsOf({ REDIS_URL: 'http://10.0.0.5:6379', REDIS_KEY_PREFIX: 'a b' })).toEqual([
      'REDIS_URL: like redis://127.0.0.1:6379 (got "http://10.0.0.5:6379")',
      'REDIS_KEY_PREFIX: letters, digits and : . - _ (up to 64) (got "a b")',
    ]);
  });

  it('keeps uploaded logos on the local disk unless S3_BUCKET names a bucket, and then asks for the rest', () => {
    expect(loadConfig({ AWS_ACCESS_KEY_ID: 'AKIA-de-outra-ferramenta' }, { secretsFile: null }).s3).toBeNull();
    const minio = {
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'agromaq-logos',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'agromaq',
      AWS_SECRET_ACCESS_KEY: 'segredo-longo',
    };
    expect(loadConfig(minio, { secretsFile: null }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'agromaq-logos',
      region: 'us-east-1',
      accessKeyId: 'agromaq',
      secretAccessKey: 'segredo-longo',
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, virtual-hosted buckets.
    const { S3_ENDPOINT: _endpoint, ...aws } = minio;
    expect(loadConfig(aws, { secretsFile: null }).s3).toMatchObject({ endpoint: null, forcePathStyle: false });
    expect(problemsOf({ S3_BUCKET: 'agromaq-logos' })).toEqual([
      'S3_REGION: required with S3_BUCKET',
      'AWS_ACCESS_KEY_ID: required with S3_BUCKET',
      'AWS_SECRET_ACCESS_KEY: required with S3_BUCKET',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual(['S3_BUCKET: required when S3_ENDPOINT is set (uploaded logos go to that bucket)']);
    expect(problemsOf({ ...minio, S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'Logos_AgroMaq' })).toEqual([
      'S3_ENDPOINT: like http://minio:9000 (scheme, host and port only) (got "minio:9000")',
      'S3_BUCKET: a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "Logos_AgroMaq")',
    ]);
  });
});
