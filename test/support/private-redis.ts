import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './private-mariadb.js';

export const redisServerAvailable = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A Redis server of the test's own on a free loopback port, which the test may stop and start again on the same
 * port (the machine's Redis is never touched). Nothing is kept on disk.
 */
export class PrivateRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async create(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${String(code)}): ${output}`));
      });
    });
    child.stdout?.resume();
  }

  /** Kills the server at once, as a crash would. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
