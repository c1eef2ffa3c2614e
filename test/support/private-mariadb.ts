import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export const MARIADBD = '/usr/sbin/mariadbd';
export const INSTALL_DB = '/usr/bin/mariadb-install-db';
export const mariadbAvailable = existsSync(MARIADBD) && existsSync(INSTALL_DB);

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A MariaDB server of the test's own: its own data folder and port, started and killed at will (the
 * machine's shared server is never touched).
 */
export class PrivateMariaDb {
  private process: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'agromaq-mariadb-'));

  private constructor(readonly port: number) {}

  static async create(): Promise<PrivateMariaDb> {
    const server = new PrivateMariaDb(await freePort());
    const install = spawnSync(
      INSTALL_DB,
      ['--no-defaults', `--datadir=${server.dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--user=root'],
      { encoding: 'utf8' },
    );
    if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr || install.stdout}`);
    await server.start();
    return server;
  }

  async start(): Promise<void> {
    this.process = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${this.dataDir}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(this.dataDir, 'mysqld.sock')}`,
        `--pid-file=${join(this.dataDir, 'mysqld.pid')}`,
        '--user=root',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        const connection = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', password: '', connectTimeout: 1000 });
        await connection.end();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new Error('the private MariaDB did not start within 30 s');
  }

  /** Kills the server at once (SIGKILL), as a crash would. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    this.process = null;
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
