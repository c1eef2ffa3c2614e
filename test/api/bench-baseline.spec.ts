import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/app.js';

/**
 * Baseline (e) of the benchmark (bench/nest-baseline.mjs) is built from the app's own logging in dist/: when that
 * logging changes shape, the benchmark's floor must still start and log as the app does, or `npm run bench` stops
 * at its first ratio.
 */
describe('the benchmark baseline (e): a minimal NestJS app with the app request logging', () => {
  let child: ChildProcess;
  let url = '';
  let output = '';

  beforeAll(async () => {
    child = spawn(process.execPath, ['bench/nest-baseline.mjs'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'production', BASELINE_ROBOTS: 'User-agent: *\nDisallow: /admin\n' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const started = Date.now();
    while (!url) {
      url = /nest-baseline (http:\/\/\S+)/.exec(output)?.[1] ?? '';
      if (child.exitCode !== null) throw new Error(`baseline (e) stopped: ${output}`);
      if (Date.now() - started > 20_000) throw new Error(`baseline (e) did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('answers the robots text it is given and the liveness check', async () => {
    const robots = await fetch(`${url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /admin\n');
    const live = await fetch(`${url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  });

  it('logs each request as the app does: a request id in the header and one completed line', async () => {
    output = '';
    const res = await fetch(`${url}/robots.txt`, { headers: { 'X-Request-Id': 'bench-baseline-1' } });
    await res.text();
    expect(res.headers.get('x-request-id')).toBe('bench-baseline-1');
    for (let tries = 0; tries < 40 && !output.includes('bench-baseline-1'); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = output
      .split('\n')
      .filter((line) => line.includes('bench-baseline-1'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { id: 'bench-baseline-1', method: 'GET', url: '/robots.txt' }, res: { statusCode: 200 } });
  });
});
