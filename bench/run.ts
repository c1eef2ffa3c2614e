// `npm run bench`: starts the production build against the benchmark database (`npm run bench:data` first),
// logs in as the benchmark admin and drives every scenario with autocannon at concurrency 16, next to the
// baselines measured in the same run; prints a table and writes bench/results/latest.json and latest.md.
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest, type ClientRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { loadRun, percentile, type LoadResult } from './load.js';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { ensureBufferPool } from './buffer-pool.js';
import { JwtService } from '@nestjs/jwt';
import { pageWindow } from '../src/common/sql/list-query.js';
import { cnpjOf } from './cnpj.js';
import { admin, db, freePort, imageNode, logIn, PRODUCTION_NODE_FLAGS, secrets, serverEnv, tracedEnv, untilUp } from './bench-server.js';
import { flameGraph, fromMoment, type CpuProfile } from './flamegraph.js';
import { precompressFile } from '../scripts/precompress.mjs';
import { acceptedAnswer, receivedSpans } from '../test/support/otlp.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    only: { type: 'string' },
    render: { type: 'boolean', default: false },
    // The runtimes of the tracing rows: this process's Node.js, the Docker image's, or both.
    runtime: { type: 'string', default: 'both' },
    // The rounds of a row with a baseline (each with a new app server and new baselines), the runs of the app and
    // its baseline in turn in each round (pairs), and each run's seconds.
    rounds: { type: 'string', default: '5' },
    'round-pairs': { type: 'string', default: '3' },
    // The pairs of a row whose baseline the app's own process serves (a page and its static file), in each round.
    'page-pairs': { type: 'string', default: '12' },
    'round-duration': { type: 'string', default: '2' },
    // Unmeasured load on the same server right before each measured run, in seconds.
    'round-warmup': { type: 'string', default: '1' },
    // The rows with a baseline with every server (the app's, its baselines') pinned to a core of its own, this
    // process's load and MariaDB to the others, as tracingAlone runs its servers (bench/README.md).
    pin: { type: 'boolean', default: false },
    // The sampling of the tracing rows (their target is set at 0.1; another ratio tells what sampled requests cost).
    'trace-ratio': { type: 'string', default: '0.1' },
    // The rounds of the tracing rows measured with one server at a time on its own core (tracingAlone), each with
    // new servers: the median of 30 rounds is what holds still there (bench/README.md, tracing).
    'alone-rounds': { type: 'string', default: '30' },
    // CPU profiles and flame graphs of the no-database route and a list page (bench/results/profiles/).
    profile: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(flags.rounds));
/** `--only`: the scenarios whose names contain one of its parts (`a|b` for several). */
const onlyParts = flags.only ? flags.only.split('|').filter(Boolean) : null;
const selected = (name: string) => !onlyParts || onlyParts.some((part) => name.includes(part));
/** Whether a group measured apart (tracing, history, import, live) is wanted: named by a part, or a part of its name. */
const wanted = (group: string) => !onlyParts || onlyParts.some((part) => group.includes(part) || part.includes(group));

const PAIRS = Math.max(1, Number(flags['round-pairs']));
const PAGE_PAIRS = Math.max(1, Number(flags['page-pairs']));
/** Unmeasured load on a round's new processes before they are measured on a route. */
const ROW_WARMUP = 2;
/**
 * The same, for a page and its static file on one server: the static file's path (a file opened, read and closed
 * on libuv's threads) takes longer to settle, about 460 µs of CPU a request in its first seconds, 300 to 370 µs after 10.
 */
const SAME_PROCESS_WARMUP = 5;
const ROUND_DURATION = Number(flags['round-duration']);
const ROUND_WARMUP = Number(flags['round-warmup']);
const DURATION = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);

interface Scenario {
  name: string;
  path: string;
  method?: string;
  body?: string;
  api?: boolean;
  baseline?: string;
  group: string;
}

/** A run's measurements under the name of its row. */
interface Result extends LoadResult {
  name: string;
}

/** One autocannon run on this process's event loop, with the run's connections and duration unless told. */
function load(options: Record<string, unknown>, duration = DURATION): Promise<Result & { raw: unknown; latencies: Float64Array }> {
  return loadRun({ connections: CONNECTIONS, duration, ...options }).then((run) => ({ name: '', ...run }));
}

/** A production database server holds its working set in memory: raise a default-sized buffer pool, and say so. */
async function bufferPoolMb(): Promise<number> {
  const connection = await createConnection(db);
  try {
    return await ensureBufferPool(async (sql) => (await connection.query<RowDataPacket[]>(sql))[0]);
  } finally {
    await connection.end();
  }
}

/**
 * Starts the production build on a free port, as the Docker image starts it (its NODE_OPTIONS heap budget), so
 * the peak RSS is production's; `env` adds variables (the traced server's OTEL_*). Tracing is off unless `env`
 * turns it on: the OTEL_ variables of the shell running the benchmark are not passed on.
 * BENCH_NODE_FLAGS adds flags of one's own, e.g. "--cpu-prof --cpu-prof-dir=var/profiles" to profile a scenario.
 * `node` is the Node.js binary to run it on: this one's, or the Docker image's (imageNode).
 */
async function startServer(
  env: Record<string, string> = {},
  node = process.execPath,
  flagsOfRun: string[] = [],
): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const server = spawn(node, [...PRODUCTION_NODE_FLAGS, ...extraFlags, ...flagsOfRun, 'dist/main.js'], {
    env: serverEnv(port, env),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { server, base };
}

/** Stops a server started by startServer and waits for it to exit (spans still buffered are sent on the way out). */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

async function main() {
  spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
  const bufferPool = await bufferPoolMb();
  const { server, base } = await startServer();
  let peakRss = 0;
  let windowPeakRss = 0; // the peak since the last export began
  const rssTimer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
      peakRss = Math.max(peakRss, kb * 1024);
      windowPeakRss = Math.max(windowPeakRss, kb * 1024);
    } catch {
      /* the server has not started or has stopped */
    }
  }, 250);
  const results: Record<string, unknown>[] = [];
  let usersTotal = 0;
  // Baseline (b): a file of the home page's size among the built files, compressed as the build compresses them.
  const staticFile = 'build/client/bench-baseline.html';
  try {
    await untilUp(server, base);
    const auth = await logIn(base);
    const json = async (path: string) => (await fetch(`${base}${path}`, { headers: auth })).json() as Promise<{ total: number; pageSize: number }>;

    const companies = await json('/api/admin/enterprises?status=ativos&page=1');
    const users = await json('/api/admin/users?page=1');
    usersTotal = users.total;
    const usersActive = (await json('/api/admin/users?status=ativos&page=1')).total;
    const lastCompanies = Math.max(1, Math.ceil(companies.total / companies.pageSize));
    const lastUsers = Math.max(1, Math.ceil(users.total / users.pageSize));
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 33 * 86_400_000).toISOString().slice(0, 10);
    const queries = baselineQueries(lastCompanies, lastUsers, { companies: companies.total, users: users.total });
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    if (flags.profile) await profileRoutes(auth, (process.env.PROFILE_ROUTES ?? '/robots.txt,/api/admin/enterprises?status=ativos&page=1').split(','));

    const allScenarios: Scenario[] = [
      { group: 'list', name: 'companies ativos, page 1', path: '/api/admin/enterprises?status=ativos&page=1', baseline: 'companies-first' },
      {
        group: 'list',
        name: `companies ativos, last page (${lastCompanies})`,
        path: `/api/admin/enterprises?status=ativos&page=${lastCompanies}`,
        baseline: 'companies-last',
      },
      { group: 'search', name: 'companies search: maringa (accents)', path: '/api/admin/enterprises?busca=maringa' },
      { group: 'search', name: 'companies search: CNPJ digits', path: '/api/admin/enterprises?busca=10012345' },
      { group: 'list', name: 'users, page 1', path: '/api/admin/users?page=1', baseline: 'users-first' },
      { group: 'list', name: `users, last page (${lastUsers})`, path: `/api/admin/users?page=${lastUsers}`, baseline: 'users-last' },
      { group: 'list', name: 'users, last 30 days', path: `/api/admin/users?date_from=${monthAgo}&date_to=${today}` },
      // Sorted by a column: the first and the last page read the same number of index entries.
      { group: 'list', name: 'users by Nome, page 1', path: '/api/admin/users?ordem=nome&sentido=asc&page=1' },
      { group: 'list', name: `users by Nome, last page (${lastUsers})`, path: `/api/admin/users?ordem=nome&sentido=asc&page=${lastUsers}` },
      { group: 'list', name: `users by Empresa descending, last page (${lastUsers})`, path: `/api/admin/users?ordem=empresa&sentido=desc&page=${lastUsers}` },
      { group: 'list', name: 'users by Status, first inactive page', path: `/api/admin/users?ordem=status&page=${Math.ceil((usersActive + 1) / 20)}` },
      {
        group: 'list',
        name: `companies by Cidade, last page (${lastCompanies})`,
        path: `/api/admin/enterprises?status=ativos&ordem=cidade&page=${lastCompanies}`,
      },
      { group: 'search', name: 'users search: common name (joao silva)', path: '/api/admin/users?busca=joao%20silva' },
      { group: 'search', name: 'users search: e-mail start (rare)', path: '/api/admin/users?busca=usuario12345' },
      { group: 'search', name: 'users search: company words', path: '/api/admin/users?busca=colheita%20pecas' },
      { group: 'counter', name: 'counter: active companies', path: '/api/admin/enterprises/contador/ativos' },
      { group: 'counter', name: 'counter: active users', path: '/api/admin/users/contador/ativos' },
      { group: 'counter', name: 'counter: pending contacts', path: '/api/admin/contatos/contador' },
      { group: 'dashboard', name: 'dashboard aggregate', path: '/api/admin/dashboard' },
      { group: 'list', name: 'contacts pendentes, page 1', path: '/api/admin/contatos?status=pendente&page=1', baseline: 'contacts-first' },
      { group: 'framework', name: 'GET /api/health (ratio to baseline (d): bare node:http hello)', path: '/api/health', api: false, baseline: 'hello' },
      {
        group: 'no-database',
        name: 'GET /robots.txt (ratio to baseline (e): minimal NestJS on Fastify, same logging)',
        path: '/robots.txt',
        api: false,
        baseline: 'e:/robots.txt',
      },
      {
        group: 'no-database',
        name: 'GET /api/health/live (ratio to baseline (e))',
        path: '/api/health/live',
        api: false,
        baseline: 'e:/api/health/live',
      },
      { group: 'page', name: 'GET / (server-rendered)', path: '/', api: false },
      { group: 'page', name: 'GET /contato (server-rendered)', path: '/contato', api: false },
      { group: 'write', name: 'POST /api/contatos', path: '/api/contatos', method: 'POST', api: false },
    ];
    const scenarios = allScenarios.filter((scenario) => selected(scenario.name));

    // Tracing's cost: a second server exactly like this one but sending traces (10 % sampled) to a sink in this
    // process, and the list pages measured on both in turn. Measured first, while this server is as fresh as the
    // second one (after the other scenarios its fuller heap made its p95 5 to 10 ms worse than a new server's, which hid
    // what tracing costs); listed after the other scenarios.
    const tracingRows: Record<string, unknown>[] = [];
    if (wanted('tracing')) {
      const traced = allScenarios.filter((scenario) => TRACED_SCENARIOS.some((start) => scenario.name.startsWith(start)));
      const measuredOn = runtimes();
      // `--only tracing-alone` measures the rows alone on a core without the side-by-side ones.
      if (!onlyParts?.every((part) => part.startsWith('tracing-alone')))
        for (const runtime of measuredOn) tracingRows.push(...(await tracingCost(auth, traced, runtime)));
      // Alone on a core, on the runtime production runs (the image's, the last one) only: 30 rounds take long.
      tracingRows.push(...(await tracingAlone(auth, traced, measuredOn[measuredOn.length - 1])));
    }

    // Baseline (b) is measured when a page scenario is (always, unless --only leaves them all out): one run of its
    // own for its row, and in turn with each page for the page's ratio.
    if (scenarios.some((scenario) => scenario.group === 'page')) {
      const home = await (await fetch(`${base}/`)).text();
      writeFileSync(staticFile, home);
      precompressFile(staticFile);
      const staticRun = await load({ url: `${base}/build/bench-baseline.html`, headers: BROWSER_ENCODINGS });
      results.push({ ...strip(staticRun), name: 'baseline (b): static file of the size of /' });
    }

    // The rows with a baseline, each the median of rounds with new processes (steadyRatios). A page's floor is
    // baseline (b), the static file of the home page's size on the same app server; `e:` names a route of baseline
    // (e); any other baseline is one of (a) and (d).
    const steady = await steadyRatios(
      scenarios.filter((scenario) => scenario.group === 'page' || scenario.baseline),
      auth,
      async () => {
        const { server: app, base: appBase } = await startServer({ SHUTDOWN_DELAY_MS: '0' });
        const started: (() => Promise<void>)[] = [() => stopServer(app)];
        const stop = async () => {
          for (const each of started) await each();
        };
        try {
          await untilUp(app, appBase);
          const plain = await startBaseline(db, queries);
          started.push(plain.close);
          const nest = await startNestBaseline(robots);
          started.push(() => stopServer(nest.process));
          return {
            base: appBase,
            pid: app.pid!,
            pids: [app.pid!, plain.pid, nest.process.pid!],
            floor: (scenario) =>
              scenario.group === 'page'
                ? { url: `${appBase}/build/bench-baseline.html`, pid: app.pid!, headers: BROWSER_ENCODINGS }
                : scenario.baseline!.startsWith('e:')
                  ? { url: `${nest.url}${scenario.baseline!.slice(2)}`, pid: nest.process.pid! }
                  : { url: `${plain.url}/${scenario.baseline}`, pid: plain.pid },
            stop,
          };
        } catch (error) {
          await stop();
          throw error;
        }
      },
    );

    for (const scenario of scenarios) {
      let counter = 0;
      const options = appOptions(scenario, base, auth);
      if (scenario.method === 'POST') {
        options.headers = { 'Content-Type': 'application/json' };
        options.requests = [
          {
            setupRequest: (request: Record<string, unknown>) => {
              counter += 1;
              return {
                ...request,
                headers: {
                  ...(request.headers as object),
                  'Content-Type': 'application/json',
                  'X-Forwarded-For': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
                },
                body: JSON.stringify({
                  nome: 'Carga',
                  email: 'carga@exemplo.com.br',
                  telefone: '43999990000',
                  mensagem: `Mensagem de carga ${counter}.`,
                  empresa: '',
                  origem: 'site',
                }),
              };
            },
          },
        ];
      }
      let row: Record<string, unknown>;
      const measured = steady.get(scenario.name);
      if (measured) {
        row = {
          ...measured.app,
          name: scenario.name,
          group: scenario.group,
          baselineRps: measured.floorRps,
          ratio: measured.ratio,
          spread: measured.spread,
          rounds: measured.rounds,
          roundPairs: measured.roundPairs,
          sameProcess: measured.sameProcess,
          roundSeconds: measured.roundSeconds,
          roundWarmupSeconds: measured.roundWarmupSeconds,
          pinned: measured.pinned,
          cpu: measured.cpu,
        };
      } else {
        await load(options, 2); // warm-up
        row = { ...strip(await load(options)), name: scenario.name, group: scenario.group };
      }
      const run = row as unknown as Result;
      results.push(row);
      console.log(
        `${scenario.name}: ${run.rps} req/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms, errors ${run.errors}, non-2xx ${run.non2xx}${row.ratio !== undefined ? `, ratio ${row.ratio}` : ''}`,
      );
    }

    for (const row of tracingRows) results.push(row);

    // Exports: every user (1M rows) as CSV and XLSX, read by one client as fast as it takes them.
    for (const format of ['csv', 'xlsx'] as const) {
      const name = `export: every user as ${format.toUpperCase()}`;
      if (!selected(name)) continue;
      windowPeakRss = 0;
      const started = Date.now();
      const res = await fetch(`${base}/api/admin/users/exportar?status=todos&formato=${format}`, { headers: auth });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (Date.now() - started) / 1000;
      const row = {
        group: 'export',
        name,
        status: res.status,
        rows: format === 'csv' ? lines - 1 : null,
        megabytes: Math.round(bytes / 1024 / 1024),
        seconds: Number(seconds.toFixed(1)),
        rowsPerSecond: Math.round(users.total / seconds),
        peakRssMb: Math.round(windowPeakRss / 1024 / 1024),
      };
      results.push(row);
      console.log(`${name}: ${JSON.stringify(row)}`);
    }

    // History's cost: a save of one company (each request another company) and the bulk Desativar + Ativar of
    // every company, with the history triggers and then without them (dropped for the run, then created again).
    if (wanted('history')) {
      const measured = await historyCost(base, auth);
      for (const row of measured) results.push(row);
    }

    // Import: 20,000 new companies from a CSV, its rate and RSS growth, and the companies list while it runs.
    if (wanted('import')) {
      // Right after the bulk change of every company: nothing else is to run on the machine meanwhile (the
      // import is still slower there than on fresh data; see its why-missed text).
      await untilQuiet('import');
      const measured = await importCost(base, auth, () => currentRss(server.pid));
      for (const row of measured) results.push(row);
    }

    // Live events: what 500 idle open streams cost in memory, and whether the list pages slow down meanwhile.
    if (wanted('live')) {
      const measured = await liveCost(base, auth, () => currentRss(server.pid));
      for (const row of measured) results.push(row);
    }

    // Baseline (c): the spec's dashboard method, every user and company read 100 at a time, timed on a sample
    // (when the dashboard was measured).
    const dashboard = results.find((row) => row.name === 'dashboard aggregate') as { p95?: number } | undefined;
    if (dashboard) {
      const samplePages = 30;
      const t0 = Date.now();
      for (let page = 1; page <= samplePages; page++) await json(`/api/admin/users?status=todos&pageSize=100&page=${page}`);
      const perPage = (Date.now() - t0) / samplePages;
      const allCompanies = await json('/api/admin/enterprises?status=todos&pageSize=1');
      const pages = Math.ceil(users.total / 100) + Math.ceil(allCompanies.total / 100);
      const specMs = Math.round(perPage * pages);
      results.push({
        name: `baseline (c): spec method, ${pages} pages of 100 (timed on ${samplePages}, extrapolated)`,
        totalMs: specMs,
        speedup: dashboard.p95 ? Math.round(specMs / Math.max(1, dashboard.p95)) : null,
      });
    }
  } finally {
    clearInterval(rssTimer);
    for (const file of [staticFile, `${staticFile}.br`, `${staticFile}.gz`]) rmSync(file, { force: true });
    stopLoadWorkers();
    server.kill('SIGTERM');
  }

  const report = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    database: 'MariaDB (local)',
    bufferPoolMb: bufferPool,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    results: withTargets(results, usersTotal),
  };
  mkdirSync('bench/results', { recursive: true });
  // A run of some scenarios (--only) replaces those rows in the last full report and keeps the others.
  if (flags.only) {
    try {
      const previous = JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) as typeof report;
      const measured = new Set(report.results.map((row) => row.name));
      // The tracing rows of a kind are measured all together: a new set replaces the old one whole (names change with
      // the runtimes).
      const tracing = new Set(report.results.map((row) => String(row.group)).filter((group) => group.startsWith('tracing')));
      // Each row measured again takes its old row's place; the others stay where they were.
      const fresh = new Map(report.results.map((row) => [row.name, row]));
      const kept = previous.results
        .filter((row) => !(tracing.has(String(row.group)) && !measured.has(row.name)))
        .map((row) => {
          const again = fresh.get(row.name);
          fresh.delete(row.name);
          return again ?? row;
        });
      // The kept rows are judged again: a target may have changed since they were measured.
      report.results = withTargets([...kept, ...fresh.values()], usersTotal);
      report.peakRssMb = Math.max(report.peakRssMb, previous.peakRssMb);
    } catch {
      // No earlier report: this one stands alone.
    }
  }
  writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync('bench/results/latest.md', markdown(report));
  console.log(`\n${markdown(report)}`);
}

/** The runs of historyCost, with the history triggers and without them in turn (odd: it ends with them). */
const HISTORY_ROUNDS = 5;

/**
 * A single save and the bulk run over every company, each measured HISTORY_ROUNDS times in the same run, with the
 * database's history triggers and without them in turn (with, without, with, without, with); the ratio (with ÷
 * without, in time, each side the mean of its runs, so that a drift of the machine over the runs weighs on both
 * sides alike) is what history costs. Each measurement starts from the same companies, the inactive ones inactive. The triggers are read back
 * with SHOW CREATE TRIGGER before they are dropped and always created again.
 */
async function historyCost(base: string, auth: Record<string, string>): Promise<Record<string, unknown>[]> {
  const connection = await createConnection(db);
  const headers = { ...auth, 'Content-Type': 'application/json' };
  const companies: Record<string, unknown>[] = [];
  for (let page = 1; page <= 5; page++) {
    const res = (await (await fetch(`${base}/api/admin/enterprises?status=todos&pageSize=100&page=${page}`, { headers: auth })).json()) as {
      data: Record<string, unknown>[];
    };
    companies.push(...res.data);
  }
  let counter = 0;
  const save = {
    url: `${base}/api/admin/enterprises`,
    method: 'PUT',
    headers,
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => {
          counter += 1;
          const company = companies[counter % companies.length];
          return {
            ...request,
            path: `/api/admin/enterprises/${String(company.enterprise_id)}`,
            body: JSON.stringify({ ...company, numero: String(counter % 9999) }),
          };
        },
      },
    ],
  };
  const bulk = async (): Promise<number> => {
    const started = Date.now();
    for (const acao of ['desativar', 'ativar']) {
      let apos: number | null = 0;
      while (apos !== null) {
        const res: Response = await fetch(`${base}/api/admin/enterprises/status-em-lote`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ status: 'todos', todos: true, acao, apos }),
        });
        if (!res.ok) throw new Error(`bulk run failed: ${res.status} ${await res.text()}`);
        apos = ((await res.json()) as { apos: number | null }).apos;
      }
    }
    return (Date.now() - started) / 1000;
  };
  const measure = async () => {
    await load(save, 2);
    const run = await load(save);
    return { run, bulkSeconds: await bulk() };
  };
  // The bulk change leaves every company active: the inactive ones are made inactive again afterwards, so that the
  // next run of the benchmark lists the same companies (the first run after bench:data has about a fifth inactive).
  const [inactive] = await connection.query<RowDataPacket[]>('SELECT enterprise_id FROM enterprises WHERE ativo = 0');
  const inactiveIds = inactive.map((row) => Number(row.enterprise_id));
  const restoreInactive = () => inBatches(connection, 'UPDATE enterprises SET ativo = 0 WHERE enterprise_id IN (?)', inactiveIds);
  try {
    const [names] = await connection.query<RowDataPacket[]>(
      "SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? AND TRIGGER_NAME LIKE 'trg\\_%\\_history\\_%'",
      [db.database],
    );
    const statements: string[] = [];
    for (const { name } of names) {
      const [[created]] = await connection.query<RowDataPacket[]>(`SHOW CREATE TRIGGER \`${String(name)}\``);
      statements.push(String(created['SQL Original Statement']));
    }
    // HISTORY_ROUNDS runs, with the triggers and without them in turn, beginning and ending with them: each side
    // is the mean of its runs, so that neither is one run at one moment of the machine's drift.
    const withRuns: Awaited<ReturnType<typeof measure>>[] = [];
    const withoutRuns: Awaited<ReturnType<typeof measure>>[] = [];
    for (let round = 0; round < HISTORY_ROUNDS; round++) {
      if (round % 2 === 0) {
        withRuns.push(await measure());
        await restoreInactive();
        continue;
      }
      try {
        for (const { name } of names) await connection.query(`DROP TRIGGER \`${String(name)}\``);
        withoutRuns.push(await measure());
        await restoreInactive();
      } finally {
        for (const statement of statements) await connection.query(statement);
      }
    }
    const meanOf = (runs: typeof withRuns, value: (measured: (typeof withRuns)[number]) => number) =>
      runs.reduce((sum, each) => sum + value(each), 0) / runs.length;
    const withRps = meanOf(withRuns, (each) => each.run.rps);
    const withoutRps = meanOf(withoutRuns, (each) => each.run.rps);
    const savedRatio = Number(
      (
        meanOf(withRuns, (each) => each.run.p50) /
        Math.max(
          0.01,
          meanOf(withoutRuns, (each) => each.run.p50),
        )
      ).toFixed(2),
    );
    const rpsRatio = Number((withoutRps / Math.max(1, withRps)).toFixed(2));
    const bulkSeconds = meanOf(withRuns, (each) => each.bulkSeconds);
    const bulkRatio = Number(
      (
        bulkSeconds /
        Math.max(
          0.01,
          meanOf(withoutRuns, (each) => each.bulkSeconds),
        )
      ).toFixed(2),
    );
    // Each save row shows its side's run closest to that side's mean.
    const closest = (runs: typeof withRuns, mean: number) =>
      runs.reduce((best, each) => (Math.abs(each.run.rps - mean) < Math.abs(best.run.rps - mean) ? each : best));
    const withHistory = closest(withRuns, withRps);
    const without = closest(withoutRuns, withoutRps);
    const rows = [
      {
        ...strip(withHistory.run),
        group: 'history',
        name: 'save one company (PUT), with history',
        ratio: Math.max(savedRatio, rpsRatio),
        withRuns: withRuns.map((each) => ({ rps: each.run.rps, p50: each.run.p50 })),
        withoutRuns: withoutRuns.map((each) => ({ rps: each.run.rps, p50: each.run.p50 })),
      },
      { ...strip(without.run), group: 'history-base', name: 'save one company (PUT), history triggers dropped' },
      {
        group: 'history',
        name: `bulk Desativar + Ativar of every company (${companies.length > 0 ? 'all' : 0}), with history`,
        totalMs: Math.round(bulkSeconds * 1000),
        withMs: withRuns.map((each) => Math.round(each.bulkSeconds * 1000)),
        withoutMs: withoutRuns.map((each) => Math.round(each.bulkSeconds * 1000)),
        ratio: bulkRatio,
      },
    ];
    for (const row of rows) console.log(`${row.name}: ${JSON.stringify(row)}`);
    return rows;
  } finally {
    await restoreInactive();
    await connection.end();
  }
}

/** Runs `sql`, whose `IN (?)` takes a list, on `values` a thousand at a time (mysql2 expands the array). */
async function inBatches(connection: Connection, sql: string, values: (string | number)[]): Promise<void> {
  for (let offset = 0; offset < values.length; offset += 1000) await connection.query(sql, [values.slice(offset, offset + 1000)]);
}

/** The server's resident memory now, in bytes. */
function currentRss(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Companies the import scenario brings in (new CNPJs, removed again after the run). */
const IMPORT_ROWS = 20_000;
/** The size of the file previewed: the upload's limit. */
const PREVIEW_BYTES = 50 * 1024 * 1024 - 64 * 1024;
/** The rounds of the first companies page alone and during an import (each round one more import). */
const IMPORT_LIST_ROUNDS = 5;

/**
 * An import of IMPORT_ROWS new companies (a Windows-1252 `;` CSV, as Excel in Portuguese saves it): alone, for
 * its rate from "iniciar" to "concluida" and the server's RSS growth meanwhile; then again in IMPORT_LIST_ROUNDS
 * rounds while the first companies page is loaded, for that page's p95 during the import next to its p95 just
 * before (the import gives way to requests, so its rate then is lower, and reported). The imported companies are
 * deleted after each import, so the data set stays as bench:data made it.
 */
async function importCost(base: string, auth: Record<string, string>, rss: () => number): Promise<Record<string, unknown>[]> {
  const connection = await createConnection(db);
  const cnpjs = Array.from({ length: IMPORT_ROWS }, (_, index) => cnpjOf(30_000_000 + index));
  const lines = ['CNPJ;Nome Fantasia;Razão Social;Cidade;UF;Telefone'];
  for (const [index, cnpj] of cnpjs.entries())
    lines.push(`${cnpj};Importada ${index};Importada ${index} Máquinas Ltda;Londrina;PR;(43) 3325-${String(1000 + (index % 9000))}`);
  const csv = Buffer.from(Array.from(lines.join('\r\n'), (char) => char.charCodeAt(0) & 0xff));
  const list = { url: `${base}/api/admin/enterprises?status=ativos&page=1`, headers: auth };
  const removeImported = () => inBatches(connection, 'DELETE FROM enterprises WHERE cnpj IN (?)', cnpjs);
  /** One import from its start to its end, with `meanwhile` running beside it. */
  const importOnce = async (meanwhile: () => Promise<void>) => {
    const form = new FormData();
    form.append('tipo', 'empresas');
    form.append('arquivo', new Blob([csv]), 'empresas.csv');
    const analysed = (await (await fetch(`${base}/api/admin/importacoes`, { method: 'POST', headers: auth, body: form })).json()) as {
      id: number;
      mapeamento: unknown;
    };
    const rssBefore = rss();
    let rssPeak = rssBefore;
    const started = Date.now();
    const start = await fetch(`${base}/api/admin/importacoes/${analysed.id}/iniciar`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mapeamento: analysed.mapeamento, modo: 'atualizar' }),
    });
    if (start.status !== 202) throw new Error(`the import did not start: ${start.status} ${await start.text()}`);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 100);
    const beside = meanwhile();
    let state: { status: string; processadas: number; criadas: number; falhas: number } = { status: 'na_fila', processadas: 0, criadas: 0, falhas: 0 };
    while (!['concluida', 'falhou', 'cancelada'].includes(state.status)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await (await fetch(`${base}/api/admin/importacoes/${analysed.id}`, { headers: auth })).json()) as typeof state;
    }
    const seconds = (Date.now() - started) / 1000;
    await beside;
    clearInterval(sampler);
    await removeImported();
    return { state, seconds, rowsPerSecond: Math.round(state.processadas / seconds), rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024) };
  };
  try {
    await removeImported();
    // The preview of a file at the size limit: from sending it to the answer with the mapping and the first rows.
    const big: string[] = [lines[0]];
    for (let index = 0, size = 0; size < PREVIEW_BYTES - 400; index++) {
      const line = `${cnpjOf(40_000_000 + index)};Prévia ${index} ${'Máquinas e Implementos Agrícolas '.repeat(3)};Prévia ${index} Comércio de Máquinas Ltda;Londrina;PR;(43) 3325-1000`;
      big.push(line);
      size += line.length + 2;
    }
    const bigCsv = Buffer.from(Array.from(big.join('\r\n'), (char) => char.charCodeAt(0) & 0xff));
    const previewForm = new FormData();
    previewForm.append('tipo', 'empresas');
    previewForm.append('arquivo', new Blob([bigCsv]), 'grande.csv');
    const previewStarted = Date.now();
    const preview = await fetch(`${base}/api/admin/importacoes`, { method: 'POST', headers: auth, body: previewForm });
    const previewBody = (await preview.json()) as { id?: number; amostra?: unknown[]; total?: number; total_estimado?: boolean };
    const previewSeconds = (Date.now() - previewStarted) / 1000;
    if (previewBody.id) await fetch(`${base}/api/admin/importacoes/${previewBody.id}`, { method: 'DELETE', headers: auth });
    const alone = await importOnce(async () => undefined);
    // IMPORT_LIST_ROUNDS rounds of the page alone, then during an import. The ratio is that of the p95 of every
    // answer of the rounds during the imports to the p95 of every answer of the rounds before them: one round's
    // p95 of a few ms is one stall away from another's, and a median of a few rounds' ratios moved by 0.2 between
    // two runs.
    type Run = Awaited<ReturnType<typeof load>>;
    const listRounds: { before: Run; during: Run; loaded: Awaited<ReturnType<typeof importOnce>>; ratio: number }[] = [];
    for (let round = 0; round < IMPORT_LIST_ROUNDS; round++) {
      await load(list, 2);
      const before = await load(list, 5);
      let during: Run | null = null;
      const loaded = await importOnce(async () => {
        during = await load(list, 5);
      });
      listRounds.push({ before, during: during!, loaded, ratio: Number((during!.p95 / Math.max(0.01, before.p95)).toFixed(2)) });
    }
    const pooled = (runs: Run[]) => {
      const all = new Float64Array(runs.reduce((sum, run) => sum + run.latencies.length, 0));
      let offset = 0;
      for (const run of runs) {
        all.set(run.latencies, offset);
        offset += run.latencies.length;
      }
      return all.sort();
    };
    const beforeAll = pooled(listRounds.map((round) => round.before));
    const duringAll = pooled(listRounds.map((round) => round.during));
    const beforeP95 = percentile(beforeAll, 0.95);
    const duringRuns = listRounds.map((round) => strip(round.during));
    const during = {
      ...duringRuns[0],
      rps: medianOf(duringRuns.map((run) => run.rps)),
      p50: percentile(duringAll, 0.5),
      p95: percentile(duringAll, 0.95),
      p99: percentile(duringAll, 0.99),
      errors: duringRuns.reduce((sum, run) => sum + run.errors, 0),
      non2xx: duringRuns.reduce((sum, run) => sum + run.non2xx, 0),
      requests: duringRuns.reduce((sum, run) => sum + run.requests, 0),
    };
    const importRates = listRounds.map((round) => round.loaded.rowsPerSecond);
    const statuses = [...new Set(listRounds.map((round) => round.loaded.state.status))];
    const rows = [
      {
        group: 'import',
        name: `import ${IMPORT_ROWS.toLocaleString('en')} new companies (CSV, Windows-1252)`,
        status: alone.state.status,
        created: alone.state.criadas,
        failed: alone.state.falhas,
        seconds: Number(alone.seconds.toFixed(1)),
        rowsPerSecond: alone.rowsPerSecond,
        rssGrowthMb: alone.rssGrowthMb,
      },
      {
        group: 'import-preview',
        name: `import preview of a ${(bigCsv.length / 1024 / 1024).toFixed(0)} MB CSV (${(big.length - 1).toLocaleString('en')} rows)`,
        status: preview.status,
        seconds: Number(previewSeconds.toFixed(2)),
        sampleRows: previewBody.amostra?.length ?? 0,
        estimatedRows: previewBody.total ?? 0,
      },
      {
        ...during,
        group: 'import-list',
        name: 'companies ativos, page 1, while the import runs',
        beforeP95,
        ratio: Number((during.p95 / Math.max(0.01, beforeP95)).toFixed(2)),
        rounds: listRounds.map((round) => round.ratio),
        pooled: true,
        importRowsPerSecond: medianOf(importRates),
        importStatus: statuses.join(', '),
      },
    ];
    for (const row of rows) console.log(`${row.name}: ${JSON.stringify(row)}`);
    return rows;
  } finally {
    await removeImported();
    // InnoDB keeps a deleted row's words in a FULLTEXT index (marked deleted) until the index is optimized: the
    // 40,000 companies imported and deleted here made every search of the companies after this run (the next
    // run's) several times slower (maringa 1,591 → 396 req/s). Rebuilding the table gives the next run the
    // index bench:data left (about 10 s).
    const started = Date.now();
    await connection.query('OPTIMIZE TABLE enterprises');
    console.log(`enterprises rebuilt after the import (its FULLTEXT index without the deleted rows) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await connection.end();
  }
}

/** Streams held open by the benchmark: 5 per session (the app's limit), so 100 sessions for 500. */
const LIVE_STREAMS = 500;

/**
 * 500 idle event streams (GET /api/admin/eventos), each of its own tab: the server's RSS before and after they
 * open (settled), and a list page's throughput in five rounds without them and with them, in this run.
 * The sessions are made as a login makes them (a row in admin_sessions, a token signed with the app's key), since
 * 100 logins would each need a new 2FA code.
 */
async function liveCost(base: string, auth: Record<string, string>, rss: () => number): Promise<Record<string, unknown>[]> {
  const connection = await createConnection(db);
  const sessions: string[] = [];
  const open: ClientRequest[] = [];
  try {
    const [found] = await connection.query<RowDataPacket[]>('SELECT admin_id, role FROM admins WHERE username = ?', [admin.username]);
    const { admin_id: adminId, role } = found[0] as { admin_id: number; role: string };
    const jwt = new JwtService({ secret: secrets.JWT_SECRET });
    const tokens: string[] = [];
    for (let index = 0; index < LIVE_STREAMS / 5; index++) {
      const jti = randomUUID();
      sessions.push(jti);
      await connection.query('INSERT INTO admin_sessions (jti, admin_id, ip, created_at, expires_at) VALUES (?, ?, ?, NOW(), NOW() + INTERVAL 1 HOUR)', [
        jti,
        adminId,
        admin.ip,
      ]);
      tokens.push(await jwt.signAsync({ sub: String(adminId), role, jti }, { algorithm: 'HS256', expiresIn: 3600 }));
    }
    const list = { url: `${base}/api/admin/enterprises?status=ativos&page=1`, headers: auth };
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      return rss();
    };
    await load(list, 2); // warm-up
    const { port } = new URL(base);
    const openStreams = () =>
      Promise.all(
        Array.from(
          { length: LIVE_STREAMS },
          (_, index) =>
            new Promise<void>((resolve, reject) => {
              const req = httpRequest(
                {
                  host: '127.0.0.1',
                  port: Number(port),
                  path: '/api/admin/eventos',
                  headers: { Authorization: `Bearer ${tokens[Math.floor(index / 5)]}`, Accept: 'text/event-stream' },
                },
                (res) => {
                  if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
                  res.once('data', () => resolve());
                  res.on('data', () => undefined);
                },
              );
              req.on('error', reject);
              req.end();
              open.push(req);
            }),
        ),
      );
    const closeStreams = async () => {
      for (const req of open) req.destroy();
      open.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    };
    // The RSS with and without the streams, settled, before the rounds.
    const rssBefore = await settle();
    await openStreams();
    const rssWith = await settle();
    await closeStreams();
    // Five rounds of without / with; the ratio is the median of the rounds' ratios (one pair alone is within this
    // machine's noise), as for the rows with a baseline.
    const [withoutRuns, withRuns] = await alternate(
      5,
      async () => strip(await load(list)),
      async () => {
        await openStreams();
        const run = strip(await load(list));
        await closeStreams();
        return run;
      },
    );
    const ratios = withRuns.map((run, index) => run.rps / Math.max(1, withoutRuns[index].rps));
    const ratio = medianOf(ratios);
    const middle = ratios.indexOf(ratio);
    const during = withRuns[middle];
    const without = withoutRuns[middle].rps;
    const rows = [
      {
        group: 'live',
        name: `${LIVE_STREAMS} idle event streams: server RSS`,
        rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
        rssWithMb: Math.round(rssWith / 1024 / 1024),
        costMb: Number(((rssWith - rssBefore) / 1024 / 1024).toFixed(1)),
      },
      {
        ...during,
        group: 'live',
        name: `companies ativos, page 1, with ${LIVE_STREAMS} streams open`,
        withoutRps: Math.round(without),
        ratio: Number(ratio.toFixed(2)),
        rounds: ratios.map((each) => Number(each.toFixed(2))),
      },
    ];
    for (const row of rows) console.log(`${row.name}: ${JSON.stringify(row)}`);
    return rows;
  } finally {
    for (const req of open) req.destroy();
    if (sessions.length > 0) await connection.query(`DELETE FROM admin_sessions WHERE jti IN (${sessions.map(() => '?').join(', ')})`, sessions);
    await connection.end();
  }
}

/** A process's CPU time per request (µs) since `before` (a cpuMicros reading), over `requests` requests. */
const cpuPerRequest = (pid: number, before: number, requests: number) => (cpuMicros(pid) - before) / Math.max(1, requests);

/** One run of `load` with the server's own CPU time per request over it (µs, user + system from /proc). */
async function withCpu(options: Record<string, unknown>, pid: number, duration = DURATION): Promise<Result & { cpuUs: number }> {
  const cpuBefore = cpuMicros(pid);
  const run = strip(await load(options, duration));
  return { ...run, cpuUs: cpuPerRequest(pid, cpuBefore, run.requests) };
}

/** One number over another (the other at least 1), to `digits` decimals: a ratio as the rows print it. */
const ratioOf = (one: number, other: number, digits: number) => Number((one / Math.max(1, other)).toFixed(digits));

/** The median of numbers. */
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The one way this benchmark compares two things that one run each cannot compare on a shared machine (the app and
 * a baseline, a traced server and an untraced one, a page with and without open streams): `rounds` rounds of one
 * measurement of each in turn, the first side first in even rounds and last in odd ones, so that neither always
 * runs in the machine's state the other leaves behind. With `endInOrder`, the last round runs the first side then
 * the second whatever its number (tracing: the spans of a scenario's traced runs must leave before the next one).
 * Returns each side's measurements, round by round, so that round i of one pairs with round i of the other.
 */
async function alternate<T>(rounds: number, first: () => Promise<T>, second: () => Promise<T>, endInOrder = false): Promise<[T[], T[]]> {
  const firsts: T[] = [];
  const seconds: T[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0 || (endInOrder && round === rounds - 1)) {
      firsts.push(await first());
      seconds.push(await second());
    } else {
      seconds.push(await second());
      firsts.push(await first());
    }
  }
  return [firsts, seconds];
}

/** The load generators of the side-by-side rounds, each a process of its own (bench/load-worker.ts), started as needed. */
const loadWorkers: ChildProcess[] = [];

async function startLoadWorkers(count: number): Promise<ChildProcess[]> {
  while (loadWorkers.length < count)
    loadWorkers.push(
      await new Promise<ChildProcess>((resolve, reject) => {
        const worker = fork('bench/load-worker.ts', [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        worker.once('message', () => resolve(worker));
        worker.once('error', reject);
      }),
    );
  return loadWorkers.slice(0, count);
}

function stopLoadWorkers(): void {
  for (const worker of loadWorkers.splice(0)) worker.kill();
}

/** One run of a load worker: autocannon's options (plain data: they cross a process boundary) for `seconds`. */
function workerLoad(worker: ChildProcess, options: Record<string, unknown>, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: Result & { error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve({ ...answer, name: '' })));
    worker.send({ options: { connections: CONNECTIONS, ...options }, seconds });
  });
}

/**
 * The cores of the side-by-side rounds: the servers share the last core, the load generators (and whatever
 * else the machine runs) keep the others. Null where it cannot be done: one core, or no `taskset`.
 */
const PINNING = (() => {
  const cores = availableParallelism();
  if (cores < 2 || spawnSync('taskset', ['--version']).status !== 0) return null;
  return { servers: String(cores - 1), rest: cores === 2 ? '0' : `0-${cores - 2}`, all: `0-${cores - 1}` };
})();

/** The database server's processes on this machine (MariaDB's or MySQL's), to pin them with the load. */
function databasePids(): number[] {
  return spawnSync('pidof', ['mariadbd', 'mysqld'], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean).map(Number);
}

/**
 * Runs `measure` with this process (the load) and the database server on the load's cores, leaving the servers'
 * core to the servers `measure` pins there, and gives every core back after. With no cores (null), only runs it.
 */
async function onLoadCores<T>(cores: typeof PINNING, measure: () => Promise<T>): Promise<T> {
  if (!cores) return measure();
  const pids = [process.pid, ...databasePids()];
  for (const pid of pids) pin(pid, cores.rest);
  try {
    return await measure();
  } finally {
    for (const pid of pids) pin(pid, cores.all);
  }
}

/** Sets the cores a process and every thread it has may run on (`taskset -a -p`); the threads it starts later inherit them. */
function pin(pid: number, cores: string): void {
  spawnSync('taskset', ['-a', '-pc', cores, String(pid)], { stdio: 'ignore' });
}

/**
 * Servers compared at the same moment, which is how this benchmark compares processes that differ in one setting
 * (a traced server and an untraced one): all loaded at once, each by its own load generator, the servers on one
 * core and the generators on the others, for `rounds` consecutive runs of `seconds` after a warm-up of all.
 * Taking turns, each side ran in whatever state the shared machine was in during its own seconds: the machine's
 * speed moves within seconds here (its other tenants), rounds of one page ranged over ±0.15 and whole runs moved by
 * 0.1. Sharing one core at the same moment, every side meets the same machine, and the scheduler shares the core
 * evenly between the busy servers, so each one's throughput is its share over its own cost per request. Each run
 * carries its server's CPU time per request (µs, from /proc), the same comparison read another way. Returns each
 * side's runs, round by round, and each side's warm-up run; the cores are given back at the end.
 */
async function sideBySide(
  sides: { options: Record<string, unknown>; pid: number }[],
  rounds: number,
  seconds: number,
): Promise<{ runs: (Result & { cpuUs: number })[][]; warmups: Result[] }> {
  const workers = await startLoadWorkers(sides.length);
  if (PINNING) {
    for (const side of sides) pin(side.pid, PINNING.servers);
    for (const worker of workers) pin(worker.pid!, PINNING.rest);
  }
  try {
    const all = async (duration: number) => {
      const cpuBefore = sides.map((side) => cpuMicros(side.pid));
      const runs = await Promise.all(sides.map((side, index) => workerLoad(workers[index], side.options, duration)));
      return runs.map((run, index) => ({ ...run, cpuUs: cpuPerRequest(sides[index].pid, cpuBefore[index], run.requests) }));
    };
    // A server idle while others ran (or just started) warms up with the others before the rounds.
    const warmups = await all(Math.max(2, ROUND_WARMUP));
    const runs: (Result & { cpuUs: number })[][] = sides.map(() => []);
    for (let round = 0; round < rounds; round++) (await all(seconds)).forEach((run, index) => runs[index].push(run));
    return { runs, warmups };
  } finally {
    if (PINNING) for (const side of sides) pin(side.pid, PINNING.all);
  }
}

/** What a round of the steady rows starts: a new app server and new baselines, and what it measures with them. */
interface SteadyProcesses {
  /** The app's base URL and its process. */
  base: string;
  pid: number;
  /** A scenario's floor in this round: its URL, the process that serves it, and the headers it is asked with. */
  floor(scenario: Scenario): { url: string; pid: number; headers?: Record<string, string> };
  /** Every process serving the round (the app's and the baselines'), pinned to the servers' core with `--pin`. */
  pids: number[];
  stop(): Promise<void>;
}

/**
 * What a phone's browser says it accepts: the public pages and their static file (baseline (b)) are asked for as a
 * browser asks, so they are measured in the brotli form a visitor receives, not as 80 KB no browser downloads.
 */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A scenario's options for one of the app servers (the bench's own or a round's). */
function appOptions(scenario: Scenario, base: string, auth: Record<string, string>): Record<string, unknown> {
  const headers = scenario.group === 'page' ? BROWSER_ENCODINGS : scenario.api === false ? {} : auth;
  return { url: `${base}${scenario.path}`, method: scenario.method ?? 'GET', headers };
}

/** How a row with a baseline is measured in each round (steadyRatios). */
interface RoundPlan {
  /** Whether the app's own process serves the baseline (a page's static file). */
  sameProcess: boolean;
  /** Seconds of unmeasured load on each side before the row's first run. */
  rowWarmup: number;
  /** Runs of each side in turn, and the seconds of unmeasured load right before each. */
  pairs: number;
  warmup: number;
}

/**
 * A row against another process: PAIRS runs each, each after ROUND_WARMUP s of unmeasured load (the side that sat
 * idle has had its heap collected meanwhile). A page against its static file on the same server: no side sits idle
 * while the other runs, so no run needs warming, and the time goes into PAGE_PAIRS pairs. The static file's runs vary
 * by about 5 % (the page's by 3 %): 12 pairs bring a page's rounds within about ±2 % of each other in a run, where 3
 * left them ±7 %. Both are asked for compressed, as a browser asks (BROWSER_ENCODINGS): uncompressed, the page's runs
 * were bound by the load generator reading 40 to 80 KB answers, and two runs differed by up to 1.05 (agreement.md).
 */
function roundPlan(sameProcess: boolean): RoundPlan {
  return sameProcess
    ? { sameProcess, rowWarmup: SAME_PROCESS_WARMUP, pairs: PAGE_PAIRS, warmup: 0 }
    : { sameProcess, rowWarmup: ROW_WARMUP, pairs: PAIRS, warmup: ROUND_WARMUP };
}

/**
 * The ratios to a baseline, which one run cannot give on a shared machine: ROUNDS rounds, each with a new app server
 * and new baseline processes (`start`), and in each, for every scenario, after ROW_WARMUP s of unmeasured load on
 * both, PAIRS runs of the app and its baseline in turn (the app first in even pairs, the baseline first in odd
 * ones), each ROUND_DURATION s right after ROUND_WARMUP s of unmeasured load on the same server. A round's ratio is
 * the app's requests over the baseline's in its pairs; a row's ratio is the median of its rounds', with their
 * spread (lowest–highest). The app's req/s and its baseline's are those of the median round (so that one divided by
 * the other is the ratio); its latencies are the medians of its runs, its requests and errors the sums.
 *
 * Why so: the machine's speed moves within seconds here (its other tenants), so one pair of runs ranges over ±0.2;
 * short runs in turn, summed over the pairs, even that out within a round. A process's own speed differs from
 * another's of the same build (where its code and heap landed): with one app and one baseline process for a whole
 * run, a run's ratios were a draw of those two processes, and two runs moved by up to 0.3 (agreement.md); a new
 * pair of processes each round makes a row the median of ROUNDS draws. And the warm-up before each run: a server
 * idle while the other one ran has had its heap collected meanwhile, and a run that started from that clean heap
 * would leave out the garbage collection that sustained load pays (a list page's major collections come about
 * once a second under load).
 */
async function steadyRatios(scenarios: Scenario[], auth: Record<string, string>, start: () => Promise<SteadyProcesses>) {
  const measured = scenarios.map(() => [] as { app: (Result & { cpuUs: number })[]; floor: (Result & { cpuUs: number })[] }[]);
  const plans: RoundPlan[] = [];
  const pinned = flags.pin && PINNING && scenarios.length > 0 ? PINNING : null;
  await onLoadCores(pinned, async () => {
    // A run with no such row (--only) starts no process for them.
    for (let round = 0; round < (scenarios.length > 0 ? ROUNDS : 0); round++) {
      const processes = await start();
      if (pinned) for (const pid of processes.pids) pin(pid, pinned.servers);
      try {
        for (const [index, scenario] of scenarios.entries()) {
          const app = appOptions(scenario, processes.base, auth);
          const floor = processes.floor(scenario);
          const plan = roundPlan(floor.pid === processes.pid);
          plans[index] = plan;
          await untilQuiet(`${scenario.name}, round ${round + 1}`);
          // A process new to a route runs it cold: both are warmed up on it first.
          await load(app, plan.rowWarmup);
          const floorOptions = { url: floor.url, headers: floor.headers ?? {} };
          await load(floorOptions, plan.rowWarmup);
          const measure = async (options: Record<string, unknown>, pid: number) => {
            if (plan.warmup > 0) await load(options, plan.warmup);
            return withCpu(options, pid, ROUND_DURATION);
          };
          const [appRuns, floorRuns] = await alternate(
            plan.pairs,
            () => measure(app, processes.pid),
            () => measure(floorOptions, floor.pid),
          );
          measured[index].push({ app: appRuns, floor: floorRuns });
        }
      } finally {
        await processes.stop();
      }
    }
  });
  const fixed = (value: number) => Number(value.toFixed(2));
  const sum = (runs: Result[], field: 'requests' | 'errors' | 'non2xx') => runs.reduce((total, run) => total + run[field], 0);
  // CPU time per request over a round's runs of one side (each run's weighted by its requests).
  const cpuOf = (runs: (Result & { cpuUs: number })[]) => runs.reduce((total, run) => total + run.cpuUs * run.requests, 0) / Math.max(1, sum(runs, 'requests'));
  return new Map(
    scenarios.map((scenario, index) => {
      const plan = plans[index];
      const seconds = plan.pairs * ROUND_DURATION;
      const rounds = measured[index].map(({ app, floor }) => ({
        ratio: sum(app, 'requests') / Math.max(1, sum(floor, 'requests')),
        appRps: Math.round(sum(app, 'requests') / seconds),
        floorRps: Math.round(sum(floor, 'requests') / seconds),
        // The same comparison by CPU time: the baseline's per request ÷ the app's (above 1, the app spends less).
        cpuRatio: cpuOf(floor) / Math.max(1, cpuOf(app)),
        appCpu: cpuOf(app),
        floorCpu: cpuOf(floor),
      }));
      const ratios = rounds.map((each) => each.ratio);
      const cpuRatios = rounds.map((each) => each.cpuRatio);
      const middle = rounds.find((each) => each.ratio === medianOf(ratios))!;
      const runs = measured[index].flatMap(({ app }) => app);
      const medianOfRuns = (field: 'p50' | 'p95' | 'p99') => medianOf(runs.map((run) => run[field]));
      return [
        scenario.name,
        {
          app: {
            rps: middle.appRps,
            p50: medianOfRuns('p50'),
            p95: medianOfRuns('p95'),
            p99: medianOfRuns('p99'),
            requests: sum(runs, 'requests'),
            errors: sum(runs, 'errors'),
            non2xx: sum(runs, 'non2xx'),
          },
          floorRps: middle.floorRps,
          ratio: fixed(medianOf(ratios)),
          spread: `${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))}`,
          rounds: ratios.map(fixed),
          roundPairs: plan.pairs,
          roundSeconds: ROUND_DURATION,
          roundWarmupSeconds: plan.warmup,
          sameProcess: plan.sameProcess,
          pinned: pinned !== null,
          cpu: {
            appUs: Math.round(medianOf(rounds.map((each) => each.appCpu))),
            baselineUs: Math.round(medianOf(rounds.map((each) => each.floorCpu))),
            ratio: fixed(medianOf(cpuRatios)),
            spread: `${fixed(Math.min(...cpuRatios))}–${fixed(Math.max(...cpuRatios))}`,
          },
        },
      ] as const;
    }),
  );
}

/** A list scenario's SQL for baseline (a): the page's rows, its total, and the names its rows refer to. */
interface BaselineQuery {
  /** The page's rows. */
  rows: string;
  /** The total the list reports (kept counts). */
  total: string;
  /** The names the rows refer to, read by id as the app's views do: column of the rows → SQL with `IN (?)`. */
  lookups: Record<string, string>;
}

/**
 * Starts baselines (a) and (d) (bench/baseline-server.mjs) in a process of their own, as the app and baseline (e)
 * run: in this process they would share one event loop with the load generator.
 */
async function startBaseline(database: typeof db, queries: Record<string, BaselineQuery>): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'bench/baseline-server.mjs'], {
    env: { ...process.env, PORT: String(port), BASELINE_CONFIG: JSON.stringify({ database, queries }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilAnswers(child, `${url}/hello`, 'baseline (a)');
  return { url, pid: child.pid!, close: () => stopServer(child) };
}

/** Waits until a baseline's process answers `url` (at most 30 s). */
async function untilAnswers(child: ChildProcess, url: string, name: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    if (
      await fetch(url)
        .then((res) => res.ok)
        .catch(() => false)
    )
      return;
    if (child.exitCode !== null || tries > 120) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts baseline (e) (bench/nest-baseline.mjs) on the app's node flags and log level, answering the app's robots text. */
async function startNestBaseline(robots: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'bench/nest-baseline.mjs'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', BASELINE_ROBOTS: robots },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilAnswers(child, `${url}/api/health/live`, 'baseline (e)');
  return { url, process: child };
}

/**
 * `--profile`: for each route, a server of its own with --cpu-prof, warmed up, then loaded for the run's duration;
 * the profile keeps the samples of the load alone (from the moment it began, counted from the server's start) and
 * is written to bench/results/profiles/<route>.cpuprofile with its flame graph (<route>.svg).
 */
async function profileRoutes(auth: Record<string, string>, routes: string[]): Promise<void> {
  const dir = 'bench/results/profiles';
  mkdirSync(dir, { recursive: true });
  for (const route of routes) {
    const scratch = mkdtempSync(join(tmpdir(), 'agromaq-profile-'));
    const started = performance.now();
    const { server, base } = await startServer({}, process.execPath, ['--cpu-prof', `--cpu-prof-dir=${scratch}`]);
    let from = 0;
    try {
      await untilUp(server, base);
      const options = { url: `${base}${route}`, headers: route.startsWith('/api/admin') ? auth : {} };
      await load(options, 3);
      from = performance.now() - started;
      const run = await load(options);
      console.log(`profile ${route}: ${run.rps} req/s`);
    } finally {
      await stopServer(server);
    }
    const file = readdirSync(scratch).find((entry) => entry.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written for ${route}`);
    const name =
      route
        .replace(/^\//, '')
        .replace(/\?.*$/, '')
        .replace(/[^a-z0-9]+/gi, '-') || 'root';
    const kept = fromMoment(JSON.parse(readFileSync(join(scratch, file), 'utf8')) as CpuProfile, from);
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(kept));
    writeFileSync(join(dir, `${name}.svg`), flameGraph(kept, `${route}: CPU during ${DURATION} s of load at concurrency ${CONNECTIONS}`));
    rmSync(scratch, { recursive: true, force: true });
  }
}

function strip(run: Result & { raw: unknown; latencies?: Float64Array }): Result {
  const { raw: _raw, latencies: _latencies, ...rest } = run;
  return rest;
}

/** The list scenarios measured with and without tracing (by the start of their names): one of each kind of page. */
const TRACED_SCENARIOS = ['companies ativos, page 1', 'users, page 1', 'users, last 30 days', 'contacts pendentes, page 1'];
/** The sampling the tracing rows are measured at (OTEL_TRACES_SAMPLER_ARG with parentbased_traceidratio). */
const TRACE_RATIO = Number(flags['trace-ratio']);
if (!(TRACE_RATIO >= 0 && TRACE_RATIO <= 1)) {
  console.error(`--trace-ratio must be a number from 0 to 1 (the share of requests sampled), not "${flags['trace-ratio']}".`);
  process.exit(2);
}
/** Rounds of the tracing rows, each with a new set of servers, compared by their medians (one pair is within the noise). */
const TRACING_ROUNDS = 5;
/** Servers of each kind (traced, untraced) in a round's set, at least two (the A/A controls compare the first two): a side's req/s is the mean of its servers'. */
const TRACING_SERVERS = 2;
/** Each throughput round's seconds (the four servers loaded side by side). */
const TRACING_SECONDS = 5;
/**
 * The latency rounds' runs: one request at a time, for this many seconds. Under the saturating load of the
 * throughput rounds a request's p95 is mostly its wait behind the 15 others in flight, so a p95 difference there
 * is the throughput difference again (2 % less throughput is 2 % more waiting); the time tracing adds to a request
 * is seen when nothing queues. (autocannon's `overallRate` is no way to a lighter load: it sends each second's
 * quota as fast as it can at the start of the second, so its requests queue as under full load.)
 */
const LATENCY_SECONDS = 5;

/**
 * An OTLP/HTTP receiver in this process: takes every POST to /v1/traces and answers 200 at once, keeping
 * the bodies as they came; `counts()` reads them afterwards (the spans, and the requests sampled: server spans
 * without a parent; statements run outside a request start traces of their own) and lets them go. Parsing is
 * left out of the measured runs on purpose: this process also drives the load, and a collector's work is not
 * the app's.
 */
async function startTraceSink(): Promise<{ url: string; counts: () => { spans: number; traces: number; posts: number }; close: () => Promise<void> }> {
  let spans = 0;
  let traces = 0;
  let posts = 0;
  let unread: { body: Buffer; gzip: boolean; contentType: string | undefined }[] = [];
  const sink = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.endsWith('/v1/traces')) {
        posts += 1;
        unread.push({ body: Buffer.concat(chunks), gzip: req.headers['content-encoding'] === 'gzip', contentType: req.headers['content-type'] });
      }
      const answer = acceptedAnswer(req.headers['content-type']);
      res.writeHead(200, { 'Content-Type': answer.contentType }).end(answer.body);
    });
  });
  const read = () => {
    for (const { body, gzip, contentType } of unread) {
      for (const span of receivedSpans(gzip ? gunzipSync(body) : body, contentType)) {
        spans += 1;
        if (!span.parentSpanId && span.kind === 2) traces += 1;
      }
    }
    unread = [];
  };
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => {
      read();
      return { spans, traces, posts };
    },
    close: () => new Promise((resolve) => sink.close(() => resolve())),
  };
}

/** The machine's busy share over `ms` (all cores, from /proc/stat: everything but idle; waiting on the disk counts as busy). */
async function machineBusy(ms: number): Promise<number> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3];
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** Busier than this with nothing under load, the machine is still working on something else (MariaDB's purge). */
const QUIET_BUSY = 0.1;
const QUIET_MAX_WAIT_MS = 180_000;

/**
 * Waits until the machine is quiet before a ratio is measured: MariaDB goes on with work of its own after heavy
 * writes (the purge of old row versions, the change buffer, the full-text index), on one of the two cores the app
 * and its baseline share, and a ratio measured meanwhile measures that. At most three minutes; says so when it waited.
 */
async function untilQuiet(label: string): Promise<void> {
  const started = performance.now();
  let busy = await machineBusy(1000);
  while (busy > QUIET_BUSY && performance.now() - started < QUIET_MAX_WAIT_MS) busy = await machineBusy(1000);
  const waited = performance.now() - started;
  if (waited > 1500) console.log(`${label}: waited ${Math.round(waited / 1000)} s for a quiet machine (busy ${Math.round(busy * 100)} %)`);
}

/** A process's CPU time so far (user + system, µs), from /proc: the clock ticks of its stat line. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A Node.js runtime the servers run on: this process's, or the Docker image's major (what production runs). */
interface Runtime {
  node: string;
  version: string;
  label: string;
}

function runtimes(): Runtime[] {
  const here: Runtime = { node: process.execPath, version: process.version, label: `Node ${process.version.split('.')[0].slice(1)}` };
  if (flags.runtime === 'here') return [here];
  const node = imageNode();
  if (!node) {
    console.log("The Docker image's Node.js could not be had: the tracing rows are measured on this one only.");
    return [here];
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (version.split('.')[0] === process.version.split('.')[0]) return [{ ...here, label: `${here.label}, the image's` }];
  const image = { node, version, label: `Node ${version.split('.')[0].slice(1)}, the image's` };
  return flags.runtime === 'image' ? [image] : [here, image];
}

/**
 * Tracing's cost on the list pages, on one runtime. TRACING_ROUNDS rounds, each with a new set of servers:
 * TRACING_SERVERS untraced and as many traced (OTEL_EXPORTER_OTLP_ENDPOINT pointing at a sink in this process and
 * TRACE_RATIO sampling), started together on the same runtime and warmed up alike, never the benchmark's own (it
 * has served the whole run before, and a server started minutes later was found costing 1.38 times its CPU per
 * request on Node 20). For each scenario, the set is loaded side by side for TRACING_SECONDS (`sideBySide`: at the
 * same moment, on one core, so the machine's drift weighs on all alike; taking turns, rounds of one page ranged
 * over ±0.15), then one traced and one untraced server answer one request at a time, in turn (the latency: side by
 * side, each request would wait for the others'). A process's own speed differs from another's of the same build
 * by up to a tenth (where its code and heap landed), as much as tracing may cost: one set for a whole run made the
 * run a draw of its processes (two runs of the same build gave 0.99 and 0.92 on one page, with the two traced
 * servers 1.21 apart in the first), so every round draws new ones, and a side's req/s is the mean of its servers'.
 * Each round is compared (traced ÷ untraced req/s, traced − untraced p95 one request at a time), and the row has
 * the median of the rounds' comparisons, with the A/A controls of the same rounds (one untraced server against
 * another, one traced against another). The spans the sink counts for a scenario are those received from its
 * first load to the start of the next scenario (the exporter sends within 1 s, and the latency runs come last).
 */
async function tracingCost(auth: Record<string, string>, scenarios: Scenario[], runtime: Runtime): Promise<Record<string, unknown>[]> {
  const sink = await startTraceSink();
  const tracing = tracedEnv(sink.url, TRACE_RATIO);
  type Measured = Result & { cpuUs: number };
  const measured = scenarios.map(() => ({
    traced: [] as Measured[],
    untraced: [] as Measured[],
    controls: [] as number[],
    tracedControls: [] as number[],
    controlCpu: [] as number[],
    tracedSingle: [] as Result[],
    untracedSingle: [] as Result[],
    spans: 0,
    traces: 0,
    tracedRequests: 0,
  }));
  // A side's figures in a round: the mean of its servers' req/s, latencies and CPU per request, their sums of
  // errors and requests.
  const sideOf = (runs: Measured[]): Measured => {
    const mean = (metric: 'rps' | 'p50' | 'p95' | 'p99' | 'cpuUs') => runs.reduce((sum, run) => sum + run[metric], 0) / runs.length;
    const sum = (metric: 'errors' | 'non2xx' | 'requests') => runs.reduce((total, run) => total + run[metric], 0);
    return {
      ...runs[0],
      rps: Math.round(mean('rps')),
      p50: mean('p50'),
      p95: mean('p95'),
      p99: mean('p99'),
      cpuUs: mean('cpuUs'),
      errors: sum('errors'),
      non2xx: sum('non2xx'),
      requests: sum('requests'),
    };
  };
  const ratio = (one: number, other: number) => ratioOf(one, other, 2);
  try {
    for (let round = 0; round < TRACING_ROUNDS; round++) {
      // Untraced and traced started in turn; no delay on the way out (nothing balances between them).
      const servers: { server: ChildProcess; base: string; traced: boolean }[] = [];
      try {
        for (let index = 0; index < TRACING_SERVERS * 2; index++) {
          const traced = index % 2 === 1;
          servers.push({ ...(await startServer({ SHUTDOWN_DELAY_MS: '0', ...(traced ? tracing : {}) }, runtime.node)), traced });
        }
        for (const { server, base } of servers) await untilUp(server, base);
        const traced = servers.filter((server) => server.traced);
        const untraced = servers.filter((server) => !server.traced);
        const order = [...traced, ...untraced];
        // A server just started runs its code cold: each is warmed up on every scenario first, side by side, or the
        // first scenario's round would measure the JIT rather than the tracing.
        for (const scenario of scenarios)
          await sideBySide(
            order.map(({ server, base }) => ({ options: { url: `${base}${scenario.path}`, headers: auth }, pid: server.pid! })),
            1,
            TRACING_SECONDS,
          );
        // The warm-up's spans leave in the exporter's next batch (within 1 s), before the first scenario's count begins.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        let seen = sink.counts();
        for (const [index, scenario] of scenarios.entries()) {
          const on = (url: string) => ({ url: `${url}${scenario.path}`, headers: auth });
          const into = measured[index];
          await untilQuiet(`${scenario.name}, traced, round ${round + 1}`);
          const { runs, warmups } = await sideBySide(
            order.map(({ server, base }) => ({ options: on(base), pid: server.pid! })),
            1,
            TRACING_SECONDS,
          );
          const tracedRuns = runs.slice(0, traced.length).map(([run]) => run);
          const untracedRuns = runs.slice(traced.length).map(([run]) => run);
          into.traced.push(sideOf(tracedRuns));
          into.untraced.push(sideOf(untracedRuns));
          into.controls.push(ratio(untracedRuns[1].rps, untracedRuns[0].rps));
          into.tracedControls.push(ratio(tracedRuns[1].rps, tracedRuns[0].rps));
          into.controlCpu.push(ratio(untracedRuns[1].cpuUs, untracedRuns[0].cpuUs));
          const single = (url: string) => ({ ...on(url), connections: 1 });
          const [[tracedSingle], [untracedSingle]] = await alternate(
            1,
            () => load(single(traced[0].base), LATENCY_SECONDS).then(strip),
            () => load(single(untraced[0].base), LATENCY_SECONDS).then(strip),
            true,
          );
          into.tracedSingle.push(tracedSingle);
          into.untracedSingle.push(untracedSingle);
          into.tracedRequests += warmups.slice(0, traced.length).reduce((sum, run) => sum + run.requests, 0);
          into.tracedRequests += tracedRuns.reduce((sum, run) => sum + run.requests, 0) + tracedSingle.requests;
          // The spans of this scenario's runs, sent within the exporter's second.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          const counted = sink.counts();
          into.spans += counted.spans - seen.spans;
          into.traces += counted.traces - seen.traces;
          seen = counted;
        }
      } finally {
        await Promise.all(servers.map(({ server }) => stopServer(server)));
      }
    }
  } finally {
    await sink.close();
  }
  const rows = scenarios.map((scenario, index) => {
    const { traced, untraced, controls, tracedControls, controlCpu, tracedSingle, untracedSingle, spans, traces, tracedRequests } = measured[index];
    const median = (runs: Result[], metric: 'rps' | 'p50' | 'p95' | 'p99') => Number(medianOf(runs.map((run) => run[metric])).toFixed(2));
    const ratios = traced.map((run, round) => ratio(run.rps, untraced[round].rps));
    const p95Deltas = tracedSingle.map((run, round) => Number((run.p95 - untracedSingle[round].p95).toFixed(2)));
    const tracedCpu = traced.map((run) => Math.round(run.cpuUs));
    const untracedCpu = untraced.map((run) => Math.round(run.cpuUs));
    const row = {
      group: 'tracing',
      name: `${scenario.name}, traced (${Math.round(TRACE_RATIO * 100)} % sampled), ${runtime.label}`,
      node: runtime.version,
      rps: median(traced, 'rps'),
      p50: median(traced, 'p50'),
      p95: median(traced, 'p95'),
      p99: median(traced, 'p99'),
      errors: traced.reduce((sum, run) => sum + run.errors, 0),
      non2xx: traced.reduce((sum, run) => sum + run.non2xx, 0),
      requests: traced.reduce((sum, run) => sum + run.requests, 0),
      // How the side-by-side rounds shared the machine: one core for the servers, or the scheduler's choice.
      sideBySide: PINNING ? 'one core' : 'any core',
      serversPerSide: TRACING_SERVERS,
      untracedRps: median(untraced, 'rps'),
      untracedP50: median(untraced, 'p50'),
      untracedP95: median(untraced, 'p95'),
      singleRps: median(tracedSingle, 'rps'),
      singleP95: median(tracedSingle, 'p95'),
      untracedSingleP95: median(untracedSingle, 'p95'),
      p95Delta: medianOf(p95Deltas),
      ratio: medianOf(ratios),
      rounds: ratios,
      p95Deltas,
      cpuPerRequestUs: medianOf(tracedCpu),
      untracedCpuPerRequestUs: medianOf(untracedCpu),
      cpuRatio: medianOf(tracedCpu.map((cpu, round) => ratio(cpu, untracedCpu[round]))),
      controlRatio: medianOf(controls),
      controlRounds: controls,
      controlCpuRatio: medianOf(controlCpu),
      tracedControlRatio: medianOf(tracedControls),
      tracedControlRounds: tracedControls,
      spans,
      traces,
      tracedRequests,
    };
    console.log(`${row.name}: ${JSON.stringify(row)}`);
    return row;
  });
  return rows;
}

/** Rounds of the tracing rows measured one server at a time (tracingAlone), each with three new servers. */
const ALONE_ROUNDS = Math.max(1, Number(flags['alone-rounds']));
/** Runs of each server on each page in a round (in a rotating order), and each run's seconds. */
const ALONE_SLICES = 2;
const ALONE_SECONDS = 2;

/**
 * A median's 95 % confidence interval, free of any assumption about the values' distribution: the order statistics
 * k and n − k + 1 (1-based), k the largest with P(X ≤ k − 1) ≤ 2.5 % for X ~ Binomial(n, ½). With 30 values, the
 * 10th and the 21st; with fewer than 6, the lowest and the highest.
 */
function medianInterval(values: number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  let below = 0;
  let term = 0.5 ** n;
  let k = 0;
  while (k < n / 2 && below + term <= 0.025) {
    below += term;
    term = (term * (n - k)) / (k + 1);
    k++;
  }
  return k === 0 ? [sorted[0], sorted[n - 1]] : [sorted[k - 1], sorted[n - k]];
}

/**
 * Tracing's throughput as production runs a server: alone on its core. The servers (their every thread) are pinned
 * to one core, and the load generator (this process), the span sink (this process) and MariaDB to the other, so
 * that whatever else the machine runs never lands on the server's core. Each of ALONE_ROUNDS rounds starts three new
 * servers on `runtime` (untraced, traced, untraced); on each page each is warmed up alone, then each is loaded alone
 * for ALONE_SECONDS, ALONE_SLICES times, in an order that rotates from one slice to the next and is reversed every
 * other round. A round's ratio is the traced server's requests over the mean of the untraced ones'; its A/A control
 * the second untraced server's over the first's. Loaded in turn, each server meets the machine of its own seconds
 * (two servers of one build came out 0.84 to 1.15 of each other in a round), and a process's speed is itself a draw
 * (where its code and heap landed): only many rounds of new processes hold still, so a row is the median of the
 * rounds, with its 95 % interval and its A/A control's. On this machine, 30 rounds put the control's median within
 * 0.015 of 1 and the interval within ±0.03 (bench/results/agreement.md). The side-by-side rows (tracingCost) measure
 * the same servers sharing one core four at a time, where every process's code and data are evicted by the others'
 * every few milliseconds: a larger process loses more there than production's would.
 */
async function tracingAlone(auth: Record<string, string>, scenarios: Scenario[], runtime: Runtime): Promise<Record<string, unknown>[]> {
  if (!PINNING) {
    console.log('The tracing rows alone on a core need two cores and taskset: not measured here.');
    return [];
  }
  const sink = await startTraceSink();
  const tracing = tracedEnv(sink.url, TRACE_RATIO);
  // Each page's rounds: the three servers' requests and CPU time per request (µs), in start order.
  const measured = scenarios.map(() => [] as { requests: number[]; cpuUs: number[] }[]);
  let tracedRequests = 0;
  try {
    await onLoadCores(PINNING, async () => {
      for (let round = 0; round < ALONE_ROUNDS; round++) {
        const servers: { server: ChildProcess; base: string; traced: boolean }[] = [];
        try {
          for (const traced of [false, true, false])
            servers.push({ ...(await startServer({ SHUTDOWN_DELAY_MS: '0', ...(traced ? tracing : {}) }, runtime.node)), traced });
          for (const { server, base } of servers) await untilUp(server, base);
          for (const { server } of servers) pin(server.pid!, PINNING.servers);
          for (const [index, scenario] of scenarios.entries()) {
            const on = (base: string) => ({ url: `${base}${scenario.path}`, headers: auth });
            // Each alone on the page first: twice on the first page, whose code a new server runs cold.
            for (let pass = 0; pass < (index === 0 ? 2 : 1); pass++)
              for (const { base, traced } of servers) {
                const warmup = await load(on(base), ROW_WARMUP);
                if (traced) tracedRequests += warmup.requests;
              }
            await untilQuiet(`${scenario.name}, alone, round ${round + 1}`);
            const requests = [0, 0, 0];
            const cpuUs = [0, 0, 0];
            for (let slice = 0; slice < ALONE_SLICES; slice++) {
              const order = [0, 1, 2].map((each) => (each + slice + round) % 3);
              for (const each of round % 2 ? order.reverse() : order) {
                const run = await withCpu(on(servers[each].base), servers[each].server.pid!, ALONE_SECONDS);
                if (run.errors || run.non2xx) throw new Error(`${scenario.name}, alone: ${run.errors} errors, ${run.non2xx} non-2xx answers`);
                requests[each] += run.requests;
                cpuUs[each] += run.cpuUs * run.requests;
              }
            }
            tracedRequests += requests[1];
            measured[index].push({ requests, cpuUs: cpuUs.map((total, each) => total / Math.max(1, requests[each])) });
          }
        } finally {
          // Stopped, a traced server has sent the spans still in its batch (it waits for the answer before it exits).
          await Promise.all(servers.map(({ server }) => stopServer(server)));
        }
        const last = (page: (typeof measured)[number]) => page[page.length - 1].requests;
        console.log(
          `tracing alone, round ${round + 1} of ${ALONE_ROUNDS}: ${measured.map((page) => `${ratioOf(last(page)[1], (last(page)[0] + last(page)[2]) / 2, 3)} (A/A ${ratioOf(last(page)[2], last(page)[0], 3)})`).join(', ')}`,
        );
      }
    });
  } finally {
    await sink.close();
  }
  const { spans, traces } = sink.counts();
  const seconds = ALONE_SLICES * ALONE_SECONDS;
  return scenarios.map((scenario, index) => {
    const rounds = measured[index];
    // The untraced side of a round: the mean of its two servers.
    const untraced = (values: number[]) => (values[0] + values[2]) / 2;
    const ratios = rounds.map(({ requests }) => ratioOf(requests[1], untraced(requests), 3));
    const controls = rounds.map(({ requests }) => ratioOf(requests[2], requests[0], 3));
    const cpuRatios = rounds.map(({ cpuUs }) => ratioOf(cpuUs[1], untraced(cpuUs), 3));
    const row = {
      group: 'tracing-alone',
      name: `${scenario.name}, traced (${Math.round(TRACE_RATIO * 100)} % sampled), ${runtime.label}, one server at a time on its own core`,
      node: runtime.version,
      rps: Math.round(medianOf(rounds.map(({ requests }) => requests[1] / seconds))),
      untracedRps: Math.round(medianOf(rounds.map(({ requests }) => untraced(requests) / seconds))),
      ratio: medianOf(ratios),
      interval: medianInterval(ratios),
      rounds: ratios,
      controlRatio: medianOf(controls),
      controlInterval: medianInterval(controls),
      controlRounds: controls,
      cpuPerRequestUs: Math.round(medianOf(rounds.map(({ cpuUs }) => cpuUs[1]))),
      untracedCpuPerRequestUs: Math.round(medianOf(rounds.map(({ cpuUs }) => untraced(cpuUs)))),
      cpuRatio: medianOf(cpuRatios),
      cpuInterval: medianInterval(cpuRatios),
      slices: ALONE_SLICES,
      sliceSeconds: ALONE_SECONDS,
      // Over every page of every round: the exporter's batches do not follow the pages.
      pages: scenarios.length,
      spans,
      traces,
      tracedRequests,
    };
    console.log(`${row.name}: ${JSON.stringify(row)}`);
    return row;
  });
}

/** Each group's target (issue "Performance"), checked against a result row. */
const TARGETS: Record<string, { text: string; met: (row: Record<string, any>, report: { dashboardSpeedup: number | null; users: number }) => boolean }> = {
  list: { text: 'p95 ≤ 50 ms, ≥ 0.8 × baseline (a)', met: (row) => row.p95 <= 50 && (row.ratio === undefined || row.ratio >= 0.8) },
  'no-database': { text: '≥ 0.5 × baseline (e)', met: (row) => row.ratio >= 0.5 },
  search: { text: 'p95 ≤ 150 ms', met: (row) => row.p95 <= 150 },
  counter: { text: 'p95 ≤ 10 ms', met: (row) => row.p95 <= 10 },
  dashboard: { text: 'p95 ≤ 300 ms, ≥ 100 × baseline (c)', met: (row, report) => row.p95 <= 300 && (report.dashboardSpeedup ?? 0) >= 100 },
  page: { text: '≥ 0.5 × baseline (b)', met: (row) => row.ratio >= 0.5 },
  history: { text: 'with history ≤ 1.3 × without (same run)', met: (row) => row.ratio <= 1.3 },
  import: {
    text: '≥ 2,000 rows/s, RSS growth ≤ 150 MB',
    met: (row) => row.status === 'concluida' && row.failed === 0 && row.rowsPerSecond >= 2000 && row.rssGrowthMb <= 150,
  },
  'import-list': { text: 'p95 ≤ 1.5 × before the import (same run)', met: (row) => row.ratio <= 1.5 },
  // The throughput target is the rows alone on a core ('tracing-alone'): sharing one core four at a time, as here,
  // a larger process loses more to the others than it would in production; this ratio is shown, not judged.
  tracing: {
    text: 'traced at 10 %: p95 ≤ untraced + 1 ms one request at a time, spans received (the throughput target: the rows alone on a core)',
    met: (row) => row.p95Delta <= 1 && row.spans > 0,
  },
  'tracing-alone': {
    text: 'traced at 10 %, one server at a time on its own core: ≥ 0.95 × untraced req/s (median of the rounds), with its A/A control within 0.03 of 1 and spans received',
    met: (row) => row.ratio >= 0.95 && Math.abs(row.controlRatio - 1) <= 0.03 && row.spans > 0,
  },
  'import-preview': {
    text: 'answer with the mapping and the first 100 rows checked ≤ 2 s',
    met: (row) => row.status === 201 && row.sampleRows === 100 && row.seconds <= 2,
  },
  live: {
    text: '500 streams ≤ 50 MB RSS, list ≥ 0.95 × without them (same run)',
    met: (row) => (row.costMb !== undefined ? row.costMb <= 50 : row.ratio >= 0.95),
  },
  export: {
    text: 'status 200, every row, peak RSS ≤ 400 MB',
    met: (row, report) => row.status === 200 && row.peakRssMb <= 400 && (row.rows === null || row.rows === report.users),
  },
};

function withTargets(results: Record<string, any>[], users: number): Record<string, any>[] {
  const speedup = results.find((row) => row.speedup !== undefined)?.speedup ?? null;
  return results.map((row) =>
    TARGETS[row.group] ? { ...row, target: TARGETS[row.group].text, met: TARGETS[row.group].met(row, { dashboardSpeedup: speedup, users }) } : row,
  );
}

/** Why a group misses its target on this machine, written after measuring (see bench/README.md). */
const WHY_MISSED: Record<string, string> = {
  tracing:
    "Measured on both runtimes, side by side: in each of five rounds a new set of two traced and two untraced servers, started together and warmed up alike, loaded at the same moment on one core, each by its own load generator, 5 s per page, then one of each answering one request at a time in turn (the latency, this group's target), the spans counted between the pages. The throughput shown here is a server's while it shares one core with three others, where the code a traced server runs once in ten requests or twice a second never stays in the caches: 0.90 to 0.94 on Node 24 where one server alone on its core keeps 0.96 to 0.99 (the rows alone on a core, which carry the throughput target). On Node 20, AsyncLocalStorage runs on async_hooks and costs every promise of a request once a context is set (the server warns at startup).",
  'tracing-alone':
    "Tracing at one request in ten costs a list page's server about 2 % of its main thread's instructions (npm run bench:instructions; agreement.md): 0.3 % for every request (the sampler's decision, the request hook) and 12 to 15 % for a sampled one, most of that the SDK's protobuf encoding of the statements' text. A row below 0.95 with its A/A control within 0.03 of 1 is tracing's cost on this machine; a control further from 1 means the rounds met a machine too unsteady to tell (run it again on a quiet machine). Cuts in place: no span or context for an unsampled request, ids cut from a pool of random hex, no statement or Redis command starting a trace of its own, the app's own records for the request and statement spans, 512-span batches, and import-in-the-middle's hook limited to ioredis.",
  import:
    "Measured alone (the run with the list load is the import-list row). Each row goes through the form's own validation (class-transformer and class-validator) on the app's event loop; chunk n + 1 is read and checked while chunk n is written in MariaDB on the other core (its rows fire the history, kept-count and search triggers); the chunk's companies, audit entries and failed rows are written with plain multi-row INSERTs of 100 rows (TypeORM's insert builder spent time quadratic in its parameters: about 20 ms of held event loop per 500-row chunk, a third of the import's time on the main thread in the profile, taken with BENCH_NODE_FLAGS=--cpu-prof). From 1,504 rows/s before these two changes. In full runs until 2026-11-27 it ran at 356 to 381 rows/s right after the bulk change of every company, against 1,550 to 3,500 rows/s alone: the load tool, stopping the saves measured before it, hung up on requests being answered, the server kept them counted as in flight, and the import gave way (50 ms every 20 rows) at every turn; the count now ends when the response closes.",
  'import-list':
    "The import gives way to requests: every 20 rows it waits while interactive requests are in flight (event streams excepted), at most 50 ms, so under this page's load it slows (its rate meanwhile is in the row) and goes at full speed again once the load stops. Before: 1.92 times with the import checking rows between requests and 500-row INSERTs built by TypeORM on the same event loop. The ratio moves with the p95 before the import (14 to 33 ms between runs here), a noisy denominator on two shared cores.",
  'import-preview':
    'The upload is written to disk as it arrives (never held whole in memory), then only its first 64 kB (the format and the separator) and its first 100 rows are read and checked; the row count is estimated from their length. The time is mostly the upload itself over loopback.',
  page: "A server-rendered page against a static file of the same size served by the same server, in alternating rounds like the lists (before 2026-11-27 one run each, and the same build's / measured 0.39 to 0.79 of it across runs).",
  list: "Every page, first or last, reads 20 rows through an index (the last page from the end), and a list whose counts are kept counts reads its page and those counts in one statement (the window laid out from the counts the instance read last, checked against those read with the page), after the authorization answered from memory: one statement per page, where baseline (a) runs two or three. What is left is the request itself (Fastify and Nest, the socket writes, JSON, garbage collection). A list below the target is one whose baseline (a) is far cheaper than the others (the contacts page and the last companies page: primary-key reads with no authentication, no validation and no audit of access), so the app's fixed cost per authenticated request weighs more there; on two cores shared by MariaDB, the load generator and the server, the ratio of one row moved from 0.74 to 0.96 between two full runs of the same build on the same day. On 2026-11-27 the machine itself was slower and less steady than the day before (/robots.txt at 5,000 to 7,000 req/s against 15,000; the same fixed CPU loop took 574 to 792 ms in six runs in a row with nothing else running): three full runs of the same build gave the lists' ratios 0.96 to 1.4, their rounds ranging over 0.5 or more within one row, and the p95 of the first companies and users pages went over 50 ms in the third run only.",
  'no-database':
    "Both routes run no statement: what the app adds to the minimal NestJS app (same Fastify, same pino logging) is its own request pipeline: the security headers (about 300 bytes more on each answer), the request id, the access guard's early return for public routes, the Inertia, cookie and compression hooks, and one hook of each kind for its own steps. Measured on 2026-11-26 with /proc, the app spends about 38 µs of user CPU and 15 µs of system CPU a request on /robots.txt, baseline (e) about 26 and 14: the difference is spread over many small steps (perf: megamorphic property access on the headers, header validation, hook turns), none above 2 µs. Ratios move between server processes more than between rounds: three partial runs in a row with the same build gave 0.74 and 0.55, 0.62 and 0.60, then 0.62 and 0.61, then 0.65 and 0.64 (rounds 0.56–0.68 in the second). On 2026-11-27, on a machine at a third to half of that speed, three full runs gave /robots.txt 0.49, 0.55 and 0.56 and the liveness route 0.55, 0.56 and 0.65, with rounds from 0.39 to 0.74 within one row. Cut on 2026-11-28: @fastify/multipart's async onRequest and onResponse hooks, which ran on every request to clean files the app never saves (about 5 µs of user CPU a request, measured beside baseline (e)); the two upload routes now read their bodies themselves.",
  counter:
    'The counter is one primary-key read of a kept count (about 0.1 ms in MariaDB) after the one authorization statement, at 3,000+ req/s with a p50 of 3 to 4 ms. The p95 is set by garbage collection under the heap budget the image runs with (NODE_OPTIONS=--max-old-space-size=320, which keeps the peak RSS near 230 MB): run without it, the same build answers the counters at p95 9 to 10 ms, but V8 then lets the heap grow until the process passes 400 MB of RSS. The memory budget was kept; less garbage per request (the query builder and the validation pipe allocate most of it) is what would bring both within target.',
  search:
    'Rare words (e-mail, CNPJ digits, a city) are found through the FULLTEXT index in a few ms. A common pair of words (4,566 users are "joao silva") has its total counted once and remembered exactly until the table changes; the page then walks the registration-date index until 20 rows match, about 4,400 rows and 20 ms of MariaDB alone per request, so at concurrency 16 the requests queue in the database (about 110 req/s, whatever the app does). The FULLTEXT index is slower still for such words (130 to 260 ms alone: large posting lists). Meeting 150 ms needs a different access path for common words (a per-word list of user ids kept by triggers, or a search engine), which is the next step.',
};

/** A steady row's comparison by CPU time (see steadyRatios). */
interface SteadyCpu {
  appUs: number;
  baselineUs: number;
  ratio: number;
  spread: string;
}

/** A tracing row's A/A control (its first page's only): a second untraced server against the untraced one. */
const controlText = (row: Record<string, unknown>) =>
  row.controlRatio === undefined
    ? ''
    : row.tracedControlRatio === undefined
      ? ` A/A control, a second untraced server measured against the untraced one in the same way: ${row.controlRatio} × (rounds ${(row.controlRounds as number[]).join(', ')}), CPU per request ${row.controlCpuRatio} ×;`
      : ` A/A controls in the same rounds: the second untraced server ÷ the first ${row.controlRatio} × (rounds ${(row.controlRounds as number[]).join(', ')}; CPU per request ${row.controlCpuRatio} ×), the second traced ÷ the first ${row.tracedControlRatio} × (rounds ${(row.tracedControlRounds as number[]).join(', ')});`;

/** A tracing row alone on a core (tracingAlone): its median, interval, rounds, A/A control, CPU and spans. */
function aloneText(row: Record<string, any>): string {
  const interval = (values: number[]) => values.join(' to ');
  return `${row.ratio} × untraced req/s (median of ${row.rounds.length} rounds of three new servers, 95 % interval ${interval(row.interval)}; each server loaded alone ${row.slices} × ${row.sliceSeconds} s a page and round, untraced ${row.untracedRps} req/s; rounds ${row.rounds.join(', ')}; A/A control, the second untraced server ÷ the first: ${row.controlRatio} × (interval ${interval(row.controlInterval)}; rounds ${row.controlRounds.join(', ')}); server CPU per request ${row.cpuPerRequestUs} µs against ${row.untracedCpuPerRequestUs} µs untraced, ${row.cpuRatio} × (interval ${interval(row.cpuInterval)}); ${row.spans} spans received over the ${row.pages ?? 4} pages, ${row.traces} of ${row.tracedRequests} requests sampled)`;
}

/** A tracing row's latency rounds (one request at a time): each side's p95 (medians). Older rows had none. */
const singleText = (row: Record<string, unknown>) =>
  row.singleRps === undefined ? '' : ` one request at a time (${row.singleP95} ms against ${row.untracedSingleP95} ms untraced)`;

const cpuText = (cpu: SteadyCpu | undefined) =>
  cpu ? `; server CPU per request ${cpu.appUs} µs, the baseline's ${cpu.baselineUs} µs: ${cpu.ratio} (rounds ${cpu.spread})` : '';

/** The bulk row's runs in words: with history and without, in the order they ran (older results: one without). */
/** How a steady row's rounds were run. */
function roundText(row: Record<string, any>): string {
  const core = row.pinned ? ' (the servers on a core of their own, the load and MariaDB on the other)' : '';
  if (row.roundPairs && row.sameProcess)
    return `, each with a new app process serving both${core}, of ${row.roundPairs} runs of each in turn, ${row.roundSeconds} s each back to back`;
  if (row.roundPairs)
    return `, each with a new app and baseline process${core}, of ${row.roundPairs} runs of each in turn, ${row.roundSeconds} s each ${row.roundWarmupSeconds ? `after ${row.roundWarmupSeconds} s unmeasured` : 'back to back'}`;
  return row.roundSeconds ? ` of ${row.roundSeconds} s, each after ${row.roundWarmupSeconds} s unmeasured` : '';
}

function historyRuns(row: Record<string, any>): string {
  const without = ([] as number[]).concat(row.withoutMs);
  if (!row.withMs) return `without history ${without.join(' ms, ')} ms`;
  if (without.length === 1) return `with history ${(row.withMs as number[]).join(' and ')} ms, before and after the run without history ${without[0]} ms`;
  return `in turn with and without history; with ${(row.withMs as number[]).join(', ')} ms, mean ${row.totalMs} ms; without ${without.join(', ')} ms`;
}

/** The save row's runs in words: the ratio is that of each side's mean, the row's figures one run's. */
function saveRuns(row: Record<string, any>): string {
  const list = (runs: { rps: number; p50: number }[]) => runs.map((run) => `${run.rps} req/s p50 ${run.p50} ms`).join(', ');
  return `the larger of the ratios of the means of p50 and of throughput; with history ${list(row.withRuns)}; without ${list(row.withoutRuns)}`;
}

function markdown(report: {
  date: string;
  connections: number;
  durationSeconds: number;
  bufferPoolMb: number;
  peakRssMb: number;
  results: Record<string, unknown>[];
}): string {
  const missed = [...new Set(report.results.filter((row) => row.met === false).map((row) => String(row.group)))];
  const verdict = (row: Record<string, unknown>) => (row.met === undefined ? '' : row.met ? 'met' : '**missed**');
  const rows = report.results.map((row) =>
    row.group === 'tracing'
      ? `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors}/${row.non2xx} | ${row.ratio} × untraced req/s, p95 ${Number(row.p95Delta) >= 0 ? '+' : ''}${row.p95Delta} ms${singleText(row)} (medians of the rounds: req/s ratios ${(row.rounds as number[] | undefined)?.join(', ') ?? ''}, p95 deltas ${(row.p95Deltas as number[] | undefined)?.join(', ') ?? ''}${row.saturatedP95Deltas ? `, at full load ${(row.saturatedP95Deltas as number[]).join(', ')}` : ''}; server CPU per request ${row.cpuPerRequestUs ?? '?'} µs against ${row.untracedCpuPerRequestUs ?? '?'} µs untraced (medians), ${row.cpuRatio ?? '?'} × (median of the rounds' ratios); ${row.sideBySide ? `four servers side by side on ${row.sideBySide === 'any core' ? 'cores the scheduler chose (no taskset here)' : 'one core'}, each ` : ''}untraced ${row.untracedRps} req/s, p95 ${row.untracedP95} ms;${controlText(row)} ${row.spans} spans received, ${row.traces} of ${row.tracedRequests} requests sampled) | ${row.target} | ${verdict(row)} |`
      : row.group === 'tracing-alone'
        ? `| ${row.name} | ${row.rps} | | | | 0/0 | ${aloneText(row)} | ${row.target} | ${verdict(row)} |`
        : row.group === 'export'
          ? `| ${row.name} | ${row.rowsPerSecond} rows/s | | | | ${row.status === 200 ? 0 : 1}/${row.status === 200 ? 0 : 1} | ${row.rows ?? 'all'} rows, ${row.megabytes} MB in ${row.seconds} s, peak RSS ${row.peakRssMb} MB | ${row.target} | ${verdict(row)} |`
          : row.group === 'import-preview'
            ? `| ${row.name} | | | | | ${row.status === 201 ? 0 : 1}/${row.status === 201 ? 0 : 1} | ${row.seconds} s from sending to the answer, ${row.sampleRows} rows checked, ${row.estimatedRows} rows estimated from the sample | ${row.target} | ${verdict(row)} |`
            : row.group === 'import'
              ? `| ${row.name} | ${row.rowsPerSecond} rows/s | | | | ${row.failed} failed | ${row.created} created in ${row.seconds} s, RSS +${row.rssGrowthMb} MB, ${row.status} | ${row.target} | ${verdict(row)} |`
              : row.beforeP95 !== undefined
                ? `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors}/${row.non2xx} | ${row.ratio} (p95 before the import ${row.beforeP95} ms; the import meanwhile ${row.importRowsPerSecond} rows/s${row.rounds ? `; ${row.pooled ? `the p95 of every answer of ${(row.rounds as number[]).length} rounds, each before and during one more import; the rounds alone` : 'median of the rounds'} ${(row.rounds as number[]).join(', ')}` : ''}) | ${row.target} | ${verdict(row)} |`
                : row.costMb !== undefined
                  ? `| ${row.name} | | | | | | RSS ${row.rssBeforeMb} → ${row.rssWithMb} MB (${Number(row.costMb) >= 0 ? '+' : ''}${row.costMb} MB) | ${row.target} | ${verdict(row)} |`
                  : row.withoutRps !== undefined
                    ? `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors}/${row.non2xx} | ${row.ratio} (without the streams ${row.withoutRps} req/s; rounds ${(row.rounds as number[] | undefined)?.join(', ') ?? ''}) | ${row.target} | ${verdict(row)} |`
                    : row.withoutMs !== undefined
                      ? `| ${row.name} | total ${row.totalMs} ms | | | | | ${row.ratio} (${historyRuns(row)}) | ${row.target} | ${verdict(row)} |`
                      : row.totalMs !== undefined
                        ? `| ${row.name} | total ${row.totalMs} ms | | | | | ${row.speedup ? `dashboard p95 is ${row.speedup}× faster` : ''} | | |`
                        : `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors}/${row.non2xx} | ${row.ratio ?? ''}${row.withRuns && row.withoutRuns ? ` (${saveRuns(row)})` : ''}${row.baselineRps ? ` (baseline ${row.baselineRps} req/s${row.spread ? `; median of ${(row.rounds as number[]).length} rounds${roundText(row)}: ${(row.rounds as number[]).join(', ')}, spread ${row.spread}` : ''}${cpuText(row.cpu as SteadyCpu | undefined)})` : ''} | ${row.target ?? ''} | ${verdict(row)} |`,
  );
  return [
    `Benchmark ${report.date}: concurrency ${report.connections}, ${report.durationSeconds} s per scenario, MariaDB buffer pool ${report.bufferPoolMb} MB`,
    '',
    `Server peak RSS over the run: ${report.peakRssMb} MB (target ≤ 400 MB: ${report.peakRssMb <= 400 ? 'met' : '**missed**'})`,
    '',
    '| Scenario | req/s | p50 ms | p95 ms | p99 ms | errors/non-2xx | ratio to baseline | target | |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(missed.length > 0
      ? ['## Targets missed, and why', '', ...missed.map((group) => `- **${group}**: ${WHY_MISSED[group] ?? 'not analysed yet.'}`), '']
      : []),
  ].join('\n');
}

/** Baseline (a): the SQL each list scenario runs, written out (pageWindow: the last page is read from the end). */
function baselineQueries(lastCompanies: number, lastUsers: number, totals: { companies: number; users: number }): Record<string, BaselineQuery> {
  const cities = 'SELECT city_id, name, code FROM cities WHERE city_id IN (?)';
  const userLookups = {
    enterprise_id: 'SELECT enterprise_id, fantasia FROM enterprises WHERE enterprise_id IN (?)',
    cargo_id: 'SELECT * FROM cargos WHERE cargo_id IN (?)',
    ocupacao_id: 'SELECT * FROM ocupacoes WHERE ocupacao_id IN (?)',
    city_id: cities,
  };
  const page = (sql: string, order: string, reversedOrder: string, window: { offset: number; limit: number; reversed: boolean }) =>
    `${sql} ORDER BY ${window.reversed ? reversedOrder : order} LIMIT ${window.limit} OFFSET ${window.offset}`;
  const companies = (number: number) =>
    page(
      'SELECT * FROM enterprises WHERE ativo = 1',
      'sort_name ASC, enterprise_id ASC',
      'sort_name DESC, enterprise_id DESC',
      pageWindow(number, 20, totals.companies),
    );
  const users = (number: number) =>
    page('SELECT * FROM app_users', 'date_added DESC, user_id DESC', 'date_added ASC, user_id ASC', pageWindow(number, 20, totals.users));
  return {
    'companies-first': {
      rows: companies(1),
      total: "SELECT total FROM row_counts WHERE subject = 'enterprises.status' AND bucket = '1'",
      lookups: { city_id: cities },
    },
    'companies-last': {
      rows: companies(lastCompanies),
      total: "SELECT total FROM row_counts WHERE subject = 'enterprises.status' AND bucket = '1'",
      lookups: { city_id: cities },
    },
    'users-first': { rows: users(1), total: "SELECT bucket, total FROM row_counts WHERE subject = 'app_users.status'", lookups: userLookups },
    'users-last': { rows: users(lastUsers), total: "SELECT bucket, total FROM row_counts WHERE subject = 'app_users.status'", lookups: userLookups },
    'contacts-first': {
      rows: "SELECT * FROM contacts WHERE status = 'pendente' ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0",
      total: "SELECT bucket, total FROM row_counts WHERE subject = 'contacts.status'",
      lookups: { responded_by: 'SELECT admin_id, name FROM admins WHERE admin_id IN (?)' },
    },
  };
}

if (flags.render) {
  // Writes latest.md again from latest.json (after editing the explanations), without measuring.
  const report = JSON.parse(readFileSync('bench/results/latest.json', 'utf8'));
  writeFileSync('bench/results/latest.md', markdown(report));
} else await main();
