#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile, its default throttling) on every public page of the built app, three
// runs each, with the system Chromium; writes bench/results/lighthouse.md with the median run of each page.
// Lighthouse needs Node >= 22: it runs on the Docker image's Node (scripts/image-node.sh) and is fetched from the
// npm registry into var/lighthouse, outside the project's dependencies. Not part of CI (its timings vary).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const LIGHTHOUSE_VERSION = '13';
const RUNS = 3;
const ALL_PAGES = ['/', '/contato', '/ajuda', '/sobre-nos', '/termos-e-politicas', '/excluir-conta', '/redefinir-senha'];
// LIGHTHOUSE_PAGES=/,/contato measures some pages only (the file then lists only those).
const PAGES = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : ALL_PAGES;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const work = join(root, 'var', 'lighthouse');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    console.error(result.stderr || result.stdout);
    throw new Error(`Failed: ${command} ${args.join(' ')}`);
  }
  return result.stdout.trim();
}

const node = run('bash', ['scripts/image-node.sh']).split('\n').pop();
const cli = join(work, 'node_modules', 'lighthouse', 'cli', 'index.js');
if (!existsSync(cli)) {
  console.log(`Fetching Lighthouse ${LIGHTHOUSE_VERSION} from the npm registry into var/lighthouse`);
  mkdirSync(work, { recursive: true });
  // A package.json of its own keeps npm in this folder instead of the project's.
  writeFileSync(join(work, 'package.json'), '{ "private": true }\n');
  // The machine's npm installs it (its engine range is checked when it runs, on the Node above).
  run('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', `lighthouse@${LIGHTHOUSE_VERSION}`], { cwd: work });
}
const version = JSON.parse(readFileSync(join(work, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startApp(port) {
  const data = join(work, 'data');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const secret = () => randomBytes(32).toString('hex');
  const app = spawn(process.execPath, ['dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      ALLOW_INSECURE_HTTP: 'true',
      JWT_SECRET: secret(),
      APP_KEY: secret(),
      DB_TYPE: 'sqlite',
      DB_PATH: join(data, 'app.sqlite'),
      UPLOADS_DIR: join(data, 'uploads'),
      OUTBOX_DIR: join(data, 'outbox'),
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    if (app.exitCode !== null) throw new Error('The app stopped while starting');
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return app;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  app.kill();
  throw new Error('The app did not answer within 30 s');
}

/** One Lighthouse run; a run Lighthouse itself gives up on (a trace it could not record) is tried again. */
function lighthouse(url, output, attempts = 3) {
  try {
    return lighthouseOnce(url, output);
  } catch (error) {
    if (attempts <= 1) throw error;
    return lighthouse(url, output, attempts - 1);
  }
}

function lighthouseOnce(url, output) {
  run(
    node,
    [
      cli,
      url,
      '--quiet',
      `--chrome-path=${chromium}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${output}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const score = (key) => Math.round((report.categories[key]?.score ?? 0) * 100);
  const metric = (key) => report.audits[key]?.numericValue ?? NaN;
  const transfer = (type) => (report.audits['resource-summary']?.details?.items ?? []).find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    script: transfer('script'),
  };
}

/** Lighthouse's own advice: of several runs, report the one with the median performance score (then median LCP). */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp);
  return sorted[Math.floor(sorted.length / 2)];
}

const port = await freePort();
const app = await startApp(port);
const results = [];
try {
  const reports = join(work, 'reports');
  mkdirSync(reports, { recursive: true });
  for (const path of PAGES) {
    const runs = [];
    for (let index = 1; index <= RUNS; index++) {
      const name = `${path === '/' ? 'home' : path.slice(1)}-${index}.json`;
      runs.push(lighthouse(`http://localhost:${port}${path}`, join(reports, name)));
      process.stdout.write('.');
    }
    results.push({ path, ...median(runs), performanceRuns: runs.map((item) => item.performance) });
  }
  process.stdout.write('\n');
} finally {
  app.kill();
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const lines = [
  '# Lighthouse on the public pages',
  '',
  `Lighthouse ${version}, mobile (its default simulated throttling: slow 4G, 4× CPU slowdown), Chromium ${run(chromium, ['--version']).replace(/^\D+/, '').split(' ')[0]}, Node ${run(node, ['--version'])}, against the production build served by \`dist/main.js\`, first visit (no cookie, no service worker). Each page ran ${RUNS} times; the row is the run with the median performance score. Written by \`npm run lighthouse\` on ${new Date().toISOString().slice(0, 10)}.`,
  '',
  'Targets (issue 33): performance ≥ 98, LCP ≤ 1.8 s, TBT ≤ 100 ms, CLS 0, accessibility, best practices and SEO 100.',
  '',
  '| Page | Performance (runs) | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | JS transferred |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (row) =>
      `| \`${row.path}\` | ${row.performance} (${row.performanceRuns.join(', ')}) | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${seconds(row.si)} | ${(row.script / 1024).toFixed(1)} KB |`,
  ),
  '',
];
const out = join(root, 'bench', 'results', 'lighthouse.md');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.join('\n'));
console.log(lines.join('\n'));
