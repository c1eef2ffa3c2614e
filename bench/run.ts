// `npm run bench`: starts the production build against the benchmark database (`npm run bench:data` first),
// logs in as the benchmark admin and drives every scenario with autocannon at concurrency 16, next to the
// baselines measured in the same run; prints a table and writes bench/results/latest.json and latest.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { generate } from 'otplib';
import { startBaseline, type BaselineQuery } from './baseline-server.js';

const { values: flags } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' }, only: { type: 'string' } } });
const DURATION = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
const admin = JSON.parse(readFileSync('var/bench-admin.json', 'utf8')) as { username: string; password: string; ip: string; secret: string; database: string };
const secrets = JSON.parse(readFileSync('var/bench-secrets.json', 'utf8')) as { JWT_SECRET: string; APP_KEY: string };
const db = { host: process.env.DB_HOST ?? '127.0.0.1', port: Number(process.env.DB_PORT ?? 3306), user: process.env.DB_USER ?? 'root', password: process.env.DB_PASSWORD ?? '', database: admin.database };

interface Result {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** One autocannon run; requests can vary per call (a new X-Forwarded-For for the contact form). */
function load(options: Record<string, unknown>, duration = DURATION): Promise<Result & { raw: unknown }> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...options }, (error: Error | null, result: any) => {
      if (error) return reject(error);
      resolve({
        name: '',
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p95: result.latency.p97_5 !== undefined && result.latency.p95 === undefined ? result.latency.p97_5 : result.latency.p95 ?? result.latency.p97_5,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
        raw: result,
      });
    });
  });
}

async function main() {
  spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', APP_URL: base, DB_TYPE: 'mysql', DB_HOST: db.host, DB_PORT: String(db.port), DB_USER: db.user, DB_PASSWORD: db.password, DB_NAME: db.database, JWT_SECRET: secrets.JWT_SECRET, APP_KEY: secrets.APP_KEY, LOG_LEVEL: 'warn', SEED_DEMO: 'false', TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let peakRss = 0;
  const rssTimer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
      peakRss = Math.max(peakRss, kb * 1024);
    } catch {
      /* the server has not started or has stopped */
    }
  }, 250);
  const results: Record<string, unknown>[] = [];
  const baseline = await startBaseline(db, BASELINE_QUERIES);
  const staticFile = 'public/bench-baseline.html';
  try {
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`${base}/api/health`).then((res) => res.ok).catch(() => false);
      if (ok) break;
      if (tries > 240) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: admin.username, password: admin.password, otp: await generate({ secret: admin.secret }) }) });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const json = async (path: string) => (await fetch(`${base}${path}`, { headers: auth })).json() as Promise<{ total: number; pageSize: number }>;

    const companies = await json('/api/admin/enterprises?status=ativos&page=1');
    const users = await json('/api/admin/users?page=1');
    const lastCompanies = Math.max(1, Math.ceil(companies.total / companies.pageSize));
    const lastUsers = Math.max(1, Math.ceil(users.total / users.pageSize));
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 33 * 86_400_000).toISOString().slice(0, 10);
    BASELINE_QUERIES['companies-last'].rows = BASELINE_QUERIES['companies-last'].rows.replace('OFFSET 0', `OFFSET ${(lastCompanies - 1) * 20}`);
    BASELINE_QUERIES['users-last'].rows = BASELINE_QUERIES['users-last'].rows.replace('OFFSET 0', `OFFSET ${(lastUsers - 1) * 20}`);

    const scenarios: { name: string; path: string; method?: string; body?: string; api?: boolean; baseline?: string; group: string }[] = [
      { group: 'list', name: 'companies ativos, page 1', path: '/api/admin/enterprises?status=ativos&page=1', baseline: 'companies-first' },
      { group: 'list', name: `companies ativos, last page (${lastCompanies})`, path: `/api/admin/enterprises?status=ativos&page=${lastCompanies}`, baseline: 'companies-last' },
      { group: 'search', name: 'companies search: maringa (accents)', path: '/api/admin/enterprises?busca=maringa' },
      { group: 'search', name: 'companies search: CNPJ digits', path: '/api/admin/enterprises?busca=10012345' },
      { group: 'list', name: 'users, page 1', path: '/api/admin/users?page=1', baseline: 'users-first' },
      { group: 'list', name: `users, last page (${lastUsers})`, path: `/api/admin/users?page=${lastUsers}`, baseline: 'users-last' },
      { group: 'list', name: 'users, last 30 days', path: `/api/admin/users?date_from=${monthAgo}&date_to=${today}` },
      { group: 'search', name: 'users search: name', path: '/api/admin/users?busca=joao%20silva' },
      { group: 'counter', name: 'counter: active companies', path: '/api/admin/enterprises/contador/ativos' },
      { group: 'counter', name: 'counter: active users', path: '/api/admin/users/contador/ativos' },
      { group: 'counter', name: 'counter: pending contacts', path: '/api/admin/contatos/contador' },
      { group: 'dashboard', name: 'dashboard aggregate', path: '/api/admin/dashboard' },
      { group: 'list', name: 'contacts pendentes, page 1', path: '/api/admin/contatos?status=pendente&page=1', baseline: 'contacts-first' },
      { group: 'page', name: 'GET / (server-rendered)', path: '/', api: false },
      { group: 'page', name: 'GET /contato (server-rendered)', path: '/contato', api: false },
      { group: 'write', name: 'POST /api/contatos', path: '/api/contatos', method: 'POST', api: false },
    ].filter((scenario) => !flags.only || scenario.name.includes(flags.only));

    const home = await (await fetch(`${base}/`)).text();
    writeFileSync(staticFile, home);
    const staticRun = await load({ url: `${base}/bench-baseline.html` });
    results.push({ ...strip(staticRun), name: 'baseline (b): static file of the size of /' });

    for (const scenario of scenarios) {
      let counter = 0;
      const options: Record<string, unknown> = { url: `${base}${scenario.path}`, method: scenario.method ?? 'GET', headers: scenario.api === false ? {} : auth };
      if (scenario.method === 'POST') {
        options.headers = { 'Content-Type': 'application/json' };
        options.requests = [
          {
            setupRequest: (request: Record<string, unknown>) => {
              counter += 1;
              return { ...request, headers: { ...(request.headers as object), 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` }, body: JSON.stringify({ nome: 'Carga', email: 'carga@exemplo.com.br', telefone: '43999990000', mensagem: `Mensagem de carga ${counter}.`, empresa: '', origem: 'site' }) };
            },
          },
        ];
      }
      await load(options, 2); // warm-up
      const run = await load(options);
      const row: Record<string, unknown> = { ...strip(run), name: scenario.name, group: scenario.group };
      if (scenario.baseline) {
        const floor = await load({ url: `${baseline.url}/${scenario.baseline}` });
        row.baselineRps = floor.rps;
        row.ratio = Number((run.rps / Math.max(1, floor.rps)).toFixed(2));
      }
      if (scenario.group === 'page') row.ratio = Number((run.rps / Math.max(1, staticRun.rps)).toFixed(2));
      results.push(row);
      console.log(`${scenario.name}: ${run.rps} req/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms, errors ${run.errors}, non-2xx ${run.non2xx}${row.ratio !== undefined ? `, ratio ${row.ratio}` : ''}`);
    }

    // Baseline (c): the spec's dashboard method, every user and company read 100 at a time, timed on a sample.
    const samplePages = 30;
    const t0 = Date.now();
    for (let page = 1; page <= samplePages; page++) await json(`/api/admin/users?status=todos&pageSize=100&page=${page}`);
    const perPage = (Date.now() - t0) / samplePages;
    const allCompanies = await json('/api/admin/enterprises?status=todos&pageSize=1');
    const pages = Math.ceil(users.total / 100) + Math.ceil(allCompanies.total / 100);
    const specMs = Math.round(perPage * pages);
    const dashboard = results.find((row) => row.name === 'dashboard aggregate') as { p50?: number } | undefined;
    results.push({ name: `baseline (c): spec method, ${pages} pages of 100 (timed on ${samplePages}, extrapolated)`, totalMs: specMs, speedup: dashboard?.p50 ? Math.round(specMs / Math.max(1, dashboard.p50)) : null });
  } finally {
    clearInterval(rssTimer);
    rmSync(staticFile, { force: true });
    await baseline.close();
    server.kill('SIGTERM');
  }

  const report = { date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION, database: 'MariaDB (local)', peakRssMb: Math.round(peakRss / 1024 / 1024), results };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync('bench/results/latest.md', markdown(report));
  console.log(`\n${markdown(report)}`);
}

function strip(run: Result & { raw: unknown }): Result {
  const { raw: _raw, ...rest } = run;
  return rest;
}

function markdown(report: { date: string; connections: number; durationSeconds: number; peakRssMb: number; results: Record<string, unknown>[] }): string {
  const rows = report.results.map((row) =>
    row.totalMs !== undefined
      ? `| ${row.name} | total ${row.totalMs} ms | | | | | ${row.speedup ? `dashboard is ${row.speedup}× faster` : ''} |`
      : `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors}/${row.non2xx} | ${row.ratio ?? ''}${row.baselineRps ? ` (baseline ${row.baselineRps} req/s)` : ''} |`,
  );
  return [`Benchmark ${report.date}: concurrency ${report.connections}, ${report.durationSeconds} s per scenario, server peak RSS ${report.peakRssMb} MB`, '', '| Scenario | req/s | p50 ms | p95 ms | p99 ms | errors/non-2xx | ratio to baseline |', '|---|---|---|---|---|---|---|', ...rows, ''].join('\n');
}

/** Baseline (a): the SQL each list scenario runs, written out. */
const BASELINE_QUERIES: Record<string, BaselineQuery> = {
  'companies-first': { rows: 'SELECT * FROM enterprises WHERE ativo = 1 ORDER BY sort_name ASC, enterprise_id ASC LIMIT 20 OFFSET 0', total: 'SELECT COUNT(*) AS total FROM enterprises WHERE ativo = 1' },
  'companies-last': { rows: 'SELECT * FROM enterprises WHERE ativo = 1 ORDER BY sort_name ASC, enterprise_id ASC LIMIT 20 OFFSET 0', total: 'SELECT COUNT(*) AS total FROM enterprises WHERE ativo = 1' },
  'users-first': { rows: 'SELECT * FROM app_users ORDER BY date_added DESC, user_id DESC LIMIT 20 OFFSET 0', total: 'SELECT COUNT(*) AS total FROM app_users' },
  'users-last': { rows: 'SELECT * FROM app_users ORDER BY date_added DESC, user_id DESC LIMIT 20 OFFSET 0', total: 'SELECT COUNT(*) AS total FROM app_users' },
  'contacts-first': { rows: "SELECT * FROM contacts WHERE status = 'pendente' ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0", total: "SELECT COUNT(*) AS total FROM contacts WHERE status = 'pendente'" },
};

await main();
