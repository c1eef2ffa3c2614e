// Baseline (a) of the benchmark: the same SQL the app's list scenarios run, through a bare mysql2 pool behind
// a minimal node:http handler, in a process of its own like the app (not beside the load generator, whose event
// loop it would share). It is the floor the framework adds to. Plain JavaScript, started by bench/run.ts with
// BASELINE_CONFIG (the database and each scenario's queries, JSON) and PORT. It runs with the app's V8 flags, so
// that the two differ in their code only.
import { createServer } from 'node:http';
import { createPool } from 'mysql2/promise';
import { applyV8Flags } from '../dist/common/runtime-flags.js';

applyV8Flags();

const { database, queries } = JSON.parse(process.env.BASELINE_CONFIG ?? '{}');
const pool = createPool({ ...database, connectionLimit: 10, timezone: 'Z', charset: 'utf8mb4_unicode_ci' });

// GET /<scenario> runs that scenario's queries and answers {data, names, total}.
const server = createServer(async (req, res) => {
  // Baseline (d): a bare "hello" of node:http, beside the app's /api/health, shows the framework's own share.
  if (req.url === '/hello') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"status":"ok"}');
    return;
  }
  const query = queries[(req.url ?? '/').slice(1)];
  if (!query) {
    res.writeHead(404).end();
    return;
  }
  try {
    const [[totals], [rows]] = await Promise.all([pool.query(query.total), pool.query(query.rows)]);
    // The names the rows refer to, read by id as the app's views do.
    const names = await Promise.all(
      Object.entries(query.lookups).map(async ([column, sql]) => {
        const ids = [...new Set(rows.map((row) => row[column]).filter((id) => id !== null))];
        return ids.length > 0 ? (await pool.query(sql, [ids]))[0] : [];
      }),
    );
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ data: rows, names, total: totals.reduce((sum, row) => sum + Number(row.total), 0) }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
