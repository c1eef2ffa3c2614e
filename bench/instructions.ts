/**
 * Instructions per request, counted by callgrind: the production build on the bench's database, one server at a
 * time, warmed up, then counted over a fixed number of requests. Unlike req/s or CPU time, a count does not move
 * with what else the machine runs or with which core a process landed on (the rows of `npm run bench` move by up
 * to a tenth between processes of one build), so a difference of 1 % between two variants is seen in one run each.
 * It leaves out what a count cannot see (cache misses, the cost of sharing a core), so it says which code costs
 * what, not what throughput is lost: see bench/README.md, "Instructions per request".
 *
 *   npm run bench:instructions -- --path /robots.txt --variants untraced,traced-0
 *   npm run bench:instructions -- --path '/api/admin/enterprises?status=ativos&page=1' --variants untraced,traced-1 --functions
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, imageNode, logIn, PRODUCTION_NODE_FLAGS, serverEnv, tracedEnv, untilUp } from './bench-server.js';

const { values: flags } = parseArgs({
  options: {
    path: { type: 'string', default: '/robots.txt' },
    // untraced, or traced-R: OTEL_EXPORTER_OTLP_ENDPOINT set, parentbased_traceidratio at R (0 to 1).
    variants: { type: 'string', default: 'untraced,traced-0,traced-0.1' },
    // Protocol of the traced variants (OTEL_EXPORTER_OTLP_PROTOCOL): http/protobuf (the default) or http/json.
    protocol: { type: 'string', default: 'http/protobuf' },
    // Requests before counting: the first uninstrumented (valgrind runs them about 5 times slower than Node.js alone),
    // then a quarter as many instrumented and not counted (code is translated again once instrumentation is on).
    warmup: { type: 'string', default: '8000' },
    requests: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '4' },
    // 'image' (the Docker image's Node.js, as production runs) or 'here' (the Node.js running this script), as in `npm run bench`.
    runtime: { type: 'string', default: 'image' },
    // The functions whose instructions differ most from the first variant's (JavaScript named from V8's perf map).
    functions: { type: 'boolean', default: false },
  },
});

/** V8's young and old generations are collected on helper threads: their work is counted apart from the main thread's. */
const GC_FUNCTION =
  /Scaveng|MarkCompact|Marking|FreeList|Heap::|Sweep|Allocat|ActiveSystemPages|SizeFromMap|IteratePointers|Evacuat|RefillLab|ResetLab|LinearAllocation|OnMoveEvent|Filler|StringTableCleaner|IterateObjectCache|GlobalHandles|Worklist|Compaction/;

/** A traced variant's name, with its sampling ratio (0 to 1). */
const TRACED = /^traced-(0(?:\.\d+)?|1)$/;
const variants = flags.variants.split(',');
const unknown = variants.filter((variant) => variant !== 'untraced' && !TRACED.test(variant));
if (unknown.length > 0) {
  console.error(`A variant is untraced or traced-R, R the share sampled from 0 to 1 (traced-0.1), not: ${unknown.join(', ')}`);
  process.exit(1);
}

interface Counted {
  variant: string;
  mainThread: number;
  allThreads: number;
  gcMainThread: number;
  functions: Map<string, number>;
}

/** A server that takes every OTLP POST and drops it: what a traced variant sends to. */
async function dropSink(): Promise<{ url: string; close: () => void }> {
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end());
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => sink.close() };
}

async function count(variant: string, node: string, sinkUrl: string, work: string): Promise<Counted> {
  const ratio = TRACED.exec(variant)?.[1];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const out = join(work, `${variant}.out`);
  const server = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--quiet',
      // Uninstrumented until the warm-up is done (callgrind_control -i on), each thread in its own file.
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${out}`,
      node,
      ...PRODUCTION_NODE_FLAGS,
      // JIT code has no symbols: V8 writes where each function landed (/tmp/perf-PID.map).
      ...(flags.functions ? ['--perf-basic-prof', `--logfile=${join(work, 'v8.log')}`] : []),
      'dist/main.js',
    ],
    {
      env: serverEnv(port, ratio === undefined ? {} : tracedEnv(sinkUrl, ratio, flags.protocol)),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // vgdb, which callgrind_control talks through, names its pipes after $HOST, which the server's own HOST changed.
  const control = (...args: string[]) =>
    execFileSync('callgrind_control', [...args, String(server.pid)], { env: { ...process.env, HOST: '127.0.0.1' }, stdio: 'pipe' });
  try {
    await untilUp(server, base);
    const headers: Record<string, string> = flags.path.startsWith('/api/admin') ? await logIn(base) : {};
    const agent = new Agent({ keepAlive: true, maxSockets: Number(flags.connections) });
    const one = () =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${base}${flags.path}`, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${variant}: ${flags.path} answered ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end();
      });
    const run = async (n: number) => {
      let left = n;
      await Promise.all(
        Array.from({ length: Number(flags.connections) }, async () => {
          while (left-- > 0) await one();
        }),
      );
    };
    await run(Number(flags.warmup));
    control('-i', 'on');
    await run(Math.ceil(Number(flags.warmup) / 4));
    control('-z');
    await run(Number(flags.requests));
    control('-d');
    agent.destroy();
    // The dump is written by the server's own threads: wait until the main thread's file is there and complete.
    const mainDump = join(work, `${variant}.out.1-01`);
    for (let tries = 0; !(existsSync(mainDump) && /^totals: /m.test(readFileSync(mainDump, 'utf8'))); tries++) {
      if (tries > 120) throw new Error(`${variant}: callgrind wrote no dump`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return read(variant, work, server.pid!);
  } finally {
    server.kill('SIGKILL');
  }
}

/** The dump's threads (file -01 is the main thread), and with --functions its main thread's instructions by function. */
function read(variant: string, work: string, pid: number): Counted {
  const dumps = readdirSync(work).filter((name) => name.startsWith(`${variant}.out.`));
  let mainThread = 0;
  let allThreads = 0;
  let gcMainThread = 0;
  const functions = new Map<string, number>();
  for (const name of dumps) {
    const total = Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(join(work, name), 'utf8'))?.[1] ?? 0);
    allThreads += total;
    if (!name.endsWith('-01')) continue;
    mainThread = total;
    const symbols = flags.functions ? perfMap(pid) : [];
    const annotated = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', join(work, name)], { maxBuffer: 256 * 1024 * 1024 }).toString();
    for (const line of annotated.split('\n')) {
      const match = /^\s*([\d,]+)\s+\([\s\d.]+%\)\s+(.*)$/.exec(line);
      if (!match || match[2].includes('PROGRAM TOTALS')) continue;
      const instructions = Number(match[1].replaceAll(',', ''));
      const fn = functionName(match[2], symbols);
      if (fn === 'garbage collection') gcMainThread += instructions;
      functions.set(fn, (functions.get(fn) ?? 0) + instructions);
    }
  }
  return { variant, mainThread, allThreads, gcMainThread, functions };
}

type Symbol = [start: number, size: number, name: string];

function perfMap(pid: number): Symbol[] {
  const file = `/tmp/perf-${pid}.map`;
  const symbols = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line): Symbol => {
      const [start, size, ...name] = line.split(' ');
      return [parseInt(start, 16), parseInt(size, 16), name.join(' ')];
    })
    .sort((a, b) => a[0] - b[0]);
  rmSync(file, { force: true });
  return symbols;
}

/** A function's name: JIT code by V8's map (its address otherwise), the garbage collector's functions as one. */
function functionName(annotated: string, symbols: Symbol[]): string {
  const jit = /^\?\?\?:0x([0-9a-f]+)/.exec(annotated);
  if (jit) {
    const address = parseInt(jit[1], 16);
    let low = 0;
    let high = symbols.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (symbols[mid][0] <= address) low = mid + 1;
      else high = mid - 1;
    }
    const found = symbols[high];
    return found && address < found[0] + found[1] ? `JS ${found[2].replace(/0x[0-9a-f]+/g, '').trim()}` : 'JS (not in the map)';
  }
  const name = annotated.replace(/^\?\?\?:/, '').replace(/\s*\[[^\]]*\]$/, '');
  return GC_FUNCTION.test(name) ? 'garbage collection' : name.slice(0, 160);
}

const requests = Number(flags.requests);
const perRequest = (n: number) => Math.round(n / requests);
const node = flags.runtime === 'image' ? imageNode() : process.execPath;
if (!node) throw new Error("The Docker image's Node.js could not be had (bash scripts/image-node.sh).");
const sink = await dropSink();
const work = mkdtempSync(join(tmpdir(), 'agromaq-instructions-'));
const counted: Counted[] = [];
try {
  for (const variant of variants) {
    counted.push(await count(variant, node, sink.url, work));
    const last = counted[counted.length - 1];
    console.error(`${variant}: ${perRequest(last.mainThread)} on the main thread, ${perRequest(last.allThreads)} in all`);
  }
} finally {
  sink.close();
  rmSync(work, { recursive: true, force: true });
}

const [first] = counted;
console.log(
  `Instructions per request, ${flags.path}, ${requests} requests counted on ${flags.connections} connections after ${flags.warmup} (Node.js ${execFileSync(node, ['--version']).toString().trim()})\n`,
);
console.log('| Variant | main thread | of which garbage collection | all threads | main thread ÷ first |');
console.log('|---|---|---|---|---|');
for (const row of counted)
  console.log(
    `| ${row.variant} | ${perRequest(row.mainThread)} | ${perRequest(row.gcMainThread)} | ${perRequest(row.allThreads)} | ${(row.mainThread / first.mainThread).toFixed(3)} |`,
  );
if (flags.functions)
  for (const row of counted.slice(1)) {
    const names = new Set([...first.functions.keys(), ...row.functions.keys()]);
    const differences = [...names]
      .map((name) => [name, perRequest((row.functions.get(name) ?? 0) - (first.functions.get(name) ?? 0))] as const)
      .filter(([, difference]) => difference !== 0)
      .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
      .slice(0, 25);
    console.log(`\nMain thread, ${row.variant} − ${first.variant}, per request (the 25 largest differences):\n`);
    console.log('| Function | instructions |');
    console.log('|---|---|');
    for (const [name, difference] of differences) console.log(`| ${name.replaceAll('|', '\\|')} | ${difference > 0 ? '+' : ''}${difference} |`);
  }
