// Baseline (a) of the benchmark: the same SQL the app's list scenarios run, through a bare mysql2 pool behind
// a minimal node:http handler. It is the floor the framework adds to.
import { createServer, type Server } from 'node:http';
import { createPool, type Pool } from 'mysql2/promise';

export interface BaselineQuery {
  /** The page's rows. */
  rows: string;
  /** The total the list reports. */
  total: string;
  params?: unknown[];
}

/** Starts the baseline server; GET /<scenario> runs that scenario's queries and answers {data, total}. */
export async function startBaseline(database: { host: string; port: number; user: string; password: string; database: string }, queries: Record<string, BaselineQuery>): Promise<{ url: string; close: () => Promise<void> }> {
  const pool: Pool = createPool({ ...database, connectionLimit: 10, timezone: 'Z', charset: 'utf8mb4_unicode_ci' });
  const server: Server = createServer(async (req, res) => {
    const query = queries[(req.url ?? '/').slice(1)];
    if (!query) {
      res.writeHead(404).end();
      return;
    }
    try {
      const [[rows], [[count]]] = await Promise.all([pool.query(query.rows, query.params ?? []), pool.query(query.total, query.params ?? [])]);
      const cityIds = [...new Set((rows as { city_id?: number | null }[]).map((row) => row.city_id).filter(Boolean))];
      const [cities] = cityIds.length ? await pool.query('SELECT city_id, name, code FROM cities WHERE city_id IN (?)', [cityIds]) : [[]];
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: rows, cities, total: (count as { total: number }).total }));
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
