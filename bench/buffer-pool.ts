/**
 * MariaDB's default buffer pool (128 MB) holds a tenth of the benchmark's data: every walk of an index reads
 * from disk, and the data set loads in a quarter of an hour instead of two minutes. Both the loader and the
 * benchmark raise a smaller pool to 2 GiB (SET GLOBAL: until the server restarts) and say so.
 */
const MIN_BUFFER_POOL = 1024 ** 3;

/** The buffer pool's size in MB, raised first when it is below 1 GiB. */
export async function ensureBufferPool(query: (sql: string) => Promise<unknown>): Promise<number> {
  const read = async () => Number(((await query('SELECT @@innodb_buffer_pool_size AS size')) as { size: number | string }[])[0].size);
  if ((await read()) < MIN_BUFFER_POOL) {
    await query(`SET GLOBAL innodb_buffer_pool_size = ${2 * MIN_BUFFER_POOL}`);
    // The server resizes the pool in the background.
    for (let tries = 0; tries < 60 && (await read()) < MIN_BUFFER_POOL; tries++) await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(`innodb_buffer_pool_size raised to ${Math.round((await read()) / 1024 ** 2)} MB (SET GLOBAL, until MariaDB restarts; see bench/README.md)`);
  }
  return Math.round((await read()) / 1024 ** 2);
}
