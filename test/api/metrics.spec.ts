import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Public } from '../../src/auth/decorators.js';
import { MetricsServer } from '../../src/metrics/metrics.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 32: Prometheus metrics on a port of their own (METRICS_PORT), never on the public one; request
// durations by route template, so random URLs add no series.

// A route of the test's own that holds each request until the test lets it go: a request in flight for as long
// as the test needs, through the app's whole request path.
let entered: () => void = () => {};
let release: () => void = () => {};
@Controller('api/teste')
class HeldController {
  @Public()
  @Post('segura')
  @HttpCode(200)
  async hold(@Body() body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const gate = new Promise<void>((resolve) => (release = resolve));
    entered();
    await gate;
    return body;
  }
}
@Module({ controllers: [HeldController] })
class HeldModule {}

let sut: TestApp;
let metricsUrl: string;
beforeAll(async () => {
  sut = await startTestApp({ METRICS_PORT: '0' }, { modules: [HeldModule], entities: [] });
  metricsUrl = `http://127.0.0.1:${sut.app.get(MetricsServer).port}/metrics`;
});
afterAll(async () => {
  await sut?.close();
});

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
const series = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('/metrics on METRICS_PORT', () => {
  it("serves the request, statement, pool, stream, queue and Node figures in Prometheus's text format", async () => {
    await request(sut.server).get('/api/health').expect(200);
    const text = await scrape();
    expect(series(text, 'agromaq_http_request_duration_seconds_count')).toContainEqual(
      expect.stringMatching(/^agromaq_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} \d+$/),
    );
    for (const name of [
      'agromaq_db_query_duration_seconds_count',
      'agromaq_event_streams_open',
      'agromaq_import_queue',
      'agromaq_login_failures_total',
      'agromaq_login_lockouts_total',
      'agromaq_nodejs_eventloop_lag_seconds',
      'agromaq_process_resident_memory_bytes',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? `, 'm'));
    }
    // The pool's connections by state, where there is a pool (MySQL/MariaDB).
    if (sut.config.db.type === 'mysql') {
      for (const state of ['in_use', 'idle', 'waiting']) expect(text).toMatch(new RegExp(`^agromaq_db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
    }
  });

  it('is not on the public port', async () => {
    const res = await request(sut.server).get('/metrics');
    expect(res.text ?? '').not.toContain('agromaq_http_request_duration_seconds');
  });

  it('keeps 1,000 requests to random unknown paths in at most one new series', async () => {
    const before = series(await scrape(), 'agromaq_http_request_duration_seconds_count').length;
    for (let batch = 0; batch < 50; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          request(sut.server)
            .get(`/api/${randomBytes(8).toString('hex')}`)
            .expect(404),
        ),
      );
    }
    const after = series(await scrape(), 'agromaq_http_request_duration_seconds_count');
    expect(after.length - before).toBeLessThanOrEqual(1);
    expect(after).toContainEqual(expect.stringMatching(/route="unmatched",status_class="4xx"\} (\d+)$/));
  });

  it('counts refused logins', async () => {
    const count = async () => Number(/^agromaq_login_failures_total (\d+)$/m.exec(await scrape())?.[1] ?? 'NaN');
    const before = await count();
    await request(sut.server).post('/api/admin/login').send({ username: 'ninguem', password: 'errada', otp: '000000' });
    expect(await count()).toBe(before + 1);
  });

  it('counts the per-IP login limit as refused logins and lock-outs, by the name of the limit', async () => {
    const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? '0');
    const before = await scrape();
    let refused = 0;
    // The login limit is 10 a minute per IP: the 11th within the minute is a 429.
    for (let attempt = 0; attempt < 11; attempt++) {
      const res = await request(sut.server).post('/api/admin/login').send({ username: 'ninguem', password: 'errada', otp: '000000' });
      if (res.status === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    const after = await scrape();
    expect(value(after, 'agromaq_rate_limited_total\\{limit="login-ip"\\}') - value(before, 'agromaq_rate_limited_total\\{limit="login-ip"\\}')).toBe(refused);
    expect(value(after, 'agromaq_login_lockouts_total') - value(before, 'agromaq_login_lockouts_total')).toBeGreaterThanOrEqual(refused);
    expect(value(after, 'agromaq_login_failures_total') - value(before, 'agromaq_login_failures_total')).toBe(11);
  });

  it('tells whether the database answers, and how full the disk of the uploads is', async () => {
    const text = await scrape();
    expect(text).toMatch(/^agromaq_dependency_up\{part="database"\} 1$/m);
    // No REDIS_URL here: no Redis series.
    expect(text).not.toMatch(/^agromaq_dependency_up\{part="redis"\}/m);
    const available = Number(/^agromaq_uploads_disk_available_bytes (\S+)$/m.exec(text)?.[1]);
    const size = Number(/^agromaq_uploads_disk_size_bytes (\S+)$/m.exec(text)?.[1]);
    expect(available).toBeGreaterThan(0);
    expect(size).toBeGreaterThanOrEqual(available);
  });

  // An import gives way while requests are in flight: a client that hangs up after sending a whole body, before
  // the answer (a tab closed during a save), must stop counting, or every later import waits at every turn.
  it('counts the requests in flight, stops counting one whose client hangs up before the answer, and times it as aborted', async () => {
    const inFlight = async () => Number(/^agromaq_http_requests_in_flight (\d+)$/m.exec(await scrape())?.[1] ?? 'NaN');
    expect(await inFlight()).toBe(0);
    if (!sut.server.listening) await new Promise<void>((resolve) => sut.server.listen(0, '127.0.0.1', resolve));
    const { port } = sut.server.address() as AddressInfo;
    const arrived = new Promise<void>((resolve) => (entered = resolve));
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ numero: '12' });
    socket.write(
      ['POST /api/teste/segura HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${body.length}`, '', body].join('\r\n'),
    );
    await arrived;
    expect(await inFlight()).toBe(1);
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    for (let tries = 0; tries < 40 && (await inFlight()) > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await inFlight()).toBe(0);
    // A request answered is counted out too.
    const enteredAgain = new Promise<void>((resolve) => (entered = resolve));
    const response = request(sut.server)
      .post('/api/teste/segura')
      .send({ numero: '13' })
      .then((res) => res);
    await enteredAgain;
    expect(await inFlight()).toBe(1);
    release();
    expect((await response).body).toEqual({ numero: '13' });
    expect(await inFlight()).toBe(0);
    // In the duration histogram, the hung-up request is counted once, as aborted, and the answered one as a 2xx.
    const counts = series(await scrape(), 'agromaq_http_request_duration_seconds_count').filter((line) => line.includes('route="/api/teste/segura"'));
    expect(counts.sort()).toEqual([
      'agromaq_http_request_duration_seconds_count{method="POST",route="/api/teste/segura",status_class="2xx"} 1',
      'agromaq_http_request_duration_seconds_count{method="POST",route="/api/teste/segura",status_class="aborted"} 1',
    ]);
  });
});
