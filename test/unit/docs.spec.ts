import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The documentation whose links are checked: the README, every page of docs/ and the benchmark's README. */
const DOCUMENTS = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown without what is never a link: fenced code blocks and inline code spans. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** The targets of inline links and images (`[text](target "title")`) and of reference definitions (`[x]: target`). */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)].map((match) => match[1]);
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]);
  return [...inline, ...references];
}

/** A heading's anchor as GitHub makes it: its text in lower case, punctuation but - and _ dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a Markdown file's headings; a repeated heading gets -1, -2… as on GitHub. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** What is wrong with one relative link of `document`, or null when it points at a file (and heading) that exist. */
function brokenLink(document: string, target: string): string | null {
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const file = path === '' ? join(ROOT, document) : path.startsWith('/') ? join(ROOT, path) : join(ROOT, dirname(document), path);
  if (!existsSync(file)) return `${document}: ${target} points to a missing file (${relative(ROOT, file)})`;
  if (anchor === null) return null;
  if (!file.endsWith('.md') || statSync(file).isDirectory()) return `${document}: ${target} has an anchor but does not point to a Markdown file`;
  if (!anchors(readFileSync(file, 'utf8')).has(anchor)) return `${document}: ${target} names no heading of ${relative(ROOT, file)}`;
  return null;
}

describe('the documentation', () => {
  it('has relative links that point to existing files and headings', () => {
    expect(DOCUMENTS).toContain('docs/operations.md');
    const problems: string[] = [];
    let checked = 0;
    for (const document of DOCUMENTS) {
      for (const target of linkTargets(read(document))) {
        if (/^(https?:|mailto:)/i.test(target)) continue;
        checked += 1;
        const problem = brokenLink(document, target);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    // The parser must keep finding links: a change that made it see none would pass silently.
    expect(checked).toBeGreaterThan(20);
  });

  it('names in docs/operations.md exactly the environment variables the code reads', () => {
    const table = documentedVariables();
    const readByCode = new Set([...readByLoadConfig(), ...readInSources(), ...readByCompose(), ...Object.keys(TEST_AND_BENCH_VARIABLES)]);
    expect([...readByCode].filter((name) => !table.has(name)).sort(), 'read by the code but missing from the table of docs/operations.md').toEqual([]);
    expect([...table].filter((name) => !readByCode.has(name)).sort(), 'in the table of docs/operations.md but read by nothing').toEqual([]);
  });
});

/**
 * Variables the table documents that neither the app nor docker-compose.yml reads: the tests' and the
 * benchmark's own. Each is checked to be still read where it says, so this list cannot outlive its reason.
 */
const TEST_AND_BENCH_VARIABLES: Record<string, string> = {
  // The browser the e2e tests drive.
  CHROMIUM_PATH: 'test/support/browser.ts',
  // Set by .ci/run: a missing browser fails the e2e suite instead of skipping it.
  REQUIRE_BROWSER: 'test/support/browser.ts',
  // Set by .ci/run: a missing promtool fails the alert rules' tests instead of skipping them.
  REQUIRE_PROMTOOL: 'test/unit/observability.spec.ts',
  // The database `npm run bench:data` empties and fills.
  BENCH_DB_NAME: 'bench/generate-data.ts',
  // Extra flags for the server's node during `npm run bench` (a CPU profile, for instance).
  BENCH_NODE_FLAGS: 'bench/run.ts',
};

/** Every backticked UPPER_CASE name in the first column of the table under "## Environment variables". */
function documentedVariables(): Set<string> {
  const section = /^## Environment variables\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(read('docs/operations.md'))?.[1];
  expect(section, 'docs/operations.md has a section "## Environment variables"').toBeDefined();
  const rows = section!.split('\n').filter((line) => line.startsWith('|'));
  const names = new Set<string>();
  for (const row of rows.slice(2)) {
    const found = [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
    expect(found.length, `a row that names no variable: ${row}`).toBeGreaterThan(0);
    for (const name of found) {
      expect(names.has(name), `${name} is in the table twice`).toBe(false);
      names.add(name);
    }
  }
  return names;
}

/**
 * The names loadConfig reads, recorded by an environment that notes every property asked of it. It runs under
 * environments that take each of its branches (production, MySQL by variables and by URL, object storage, the
 * optional services); secrets are never written to a file.
 */
function readByLoadConfig(): Set<string> {
  const names = new Set<string>();
  const secret = 's'.repeat(40);
  const environments: Record<string, string>[] = [
    {},
    { NODE_ENV: 'production', JWT_SECRET: secret, APP_KEY: secret },
    { NODE_ENV: 'production' },
    { NODE_ENV: 'test', JWT_SECRET: secret },
    { DB_TYPE: 'mysql' },
    { DB_TYPE: 'mysql', DATABASE_URL: 'mysql://user:password@db:3306/agromaq' },
    { S3_BUCKET: 'agromaq-logos', S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'key', AWS_SECRET_ACCESS_KEY: 'secret' },
    { S3_BUCKET: 'agromaq-logos', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' },
    { S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'us-east-1' },
    { SMTP_URL: 'smtp://user:password@mail:587', REDIS_URL: 'redis://127.0.0.1:6379', METRICS_PORT: '9464', TRUST_PROXY: '1', GEOIP_DB_PATH: 'x.mmdb' },
    { PORT: '4000', METRICS_PORT: '4000', TRUST_PROXY: 'true', VITE_DEV: 'true', SEED_DEMO: 'true', NODE_ENV: 'production' },
  ];
  for (const values of environments) {
    const env = new Proxy(values, {
      get(target, name) {
        if (typeof name === 'string') names.add(name);
        return typeof name === 'string' ? target[name] : undefined;
      },
      has(target, name) {
        if (typeof name === 'string') names.add(name);
        return name in target;
      },
      ownKeys() {
        throw new Error('loadConfig lists the environment: this test can no longer tell which names it reads');
      },
    });
    try {
      loadConfig(env, { secretsFile: null });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
    }
  }
  // Every name the configuration's source spells out must have been read above: one that was not sits on a
  // branch none of the environments takes, and needs an environment that takes it.
  const source = read('src/config/app-config.ts');
  const spelled = [...source.matchAll(/'([A-Z][A-Z0-9_]*)'|\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1] ?? match[2]);
  expect(
    spelled.filter((name) => !names.has(name)),
    'names in src/config/app-config.ts that no environment of this test made loadConfig read',
  ).toEqual([]);
  return names;
}

/** Names read as `process.env.NAME` (or `process.env['NAME']`) outside the configuration: src/ and scripts/. */
function readInSources(): Set<string> {
  const names = new Set<string>();
  for (const folder of ['src', 'scripts']) {
    for (const file of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx|mjs|js)$/.test(file)) continue;
      const text = readFileSync(join(ROOT, folder, file), 'utf8');
      for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)) names.add(match[1] ?? match[2]);
    }
  }
  for (const [name, file] of Object.entries(TEST_AND_BENCH_VARIABLES)) {
    expect(read(file), `${file} no longer reads ${name}: drop it from the table and from TEST_AND_BENCH_VARIABLES`).toContain(`process.env.${name}`);
  }
  return names;
}

/** The variables docker-compose.yml interpolates (`${NAME}`, `${NAME:-default}`, `${NAME:?message}`). */
function readByCompose(): Set<string> {
  return new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]));
}
