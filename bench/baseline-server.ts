// Baseline (a) of the benchmark: the same SQL the app's list scenarios run, through a bare mysql2 pool behind
// a minimal node:http handler. It is the floor the framework adds to.
import { createServer, type Server } from 'node:http';
import { createPool, type Pool, type RowDataPacket } from 'mysql2/promise';

export interface BaselineQuery {
  /** The page's rows. */
  rows: string;
  /** The total the list reports (kept counts). */
  total: string;
  /** The names the rows refer to, read by id as the app's views do: column of the rows → SQL with `IN (?)`. */
  lookups: Record<string, string>;
}

/** Starts the baseline server; GET /<scenario> runs that scenario's queries and answers {data, total}. */
export async function startBaseline(
  database: { host: string; port: number; user: string; password: string; database: string },
  queries: Record<string, BaselineQuery>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const pool: Pool = createPool({ ...database, connectionLimit: 10, timezone: 'Z', charset: 'utf8mb4_unicode_ci' });
  const server: Server = createServer(async (req, res) => {
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
      const [[totals], [rows]] = await Promise.all([pool.query<RowDataPacket[]>(query.total), pool.query<RowDataPacket[]>(query.rows)]);
      const names = await Promise.all(
        Object.entries(query.lookups).map(async ([column, sql]) => {
          const ids = [...new Set(rows.map((row) => row[column]).filter((id) => id !== null))];
          return ids.length > 0 ? (await pool.query<RowDataPacket[]>(sql, [ids]))[0] : [];
        }),
      );
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: rows, names, total: totals.reduce((sum, row) => sum + Number(row.total), 0) }));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
