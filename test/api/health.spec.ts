import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readiness } from '../../src/health/readiness.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 32: liveness (the process answers) apart from readiness (it should get traffic: the database answers,
// the migrations are applied; not while it stops), for orchestrators and balancers.
let sut: TestApp;
beforeAll(async () => {
  sut = await startTestApp();
});
afterAll(async () => {
  await sut?.close();
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('is not ready while a migration is missing, and ready once it is applied', async () => {
    const [last] = (await sut.dataSource.query('SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1')) as {
      id: number;
      timestamp: number | string;
      name: string;
    }[];
    await sut.dataSource.query('DELETE FROM migrations WHERE id = ?', [last.id]);
    const missing = await request(sut.server).get('/api/health/ready');
    expect([missing.status, missing.body.status, missing.body.checks.migracoes, missing.headers['retry-after']]).toEqual([503, 'not_ready', 'down', '5']);
    await sut.dataSource.query('INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)', [last.id, last.timestamp, last.name]);
    const ready = await request(sut.server).get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { encerrando: false, banco: 'up', migracoes: 'up' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers live without asking anything, and turns not ready (but still answering) once the instance is stopping', async () => {
    const live = await request(sut.server).get('/api/health/live').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    sut.app.get(Readiness).drain();
    const draining = await request(sut.server).get('/api/health/ready');
    expect([draining.status, draining.body.checks.encerrando]).toEqual([503, true]);
    // Requests are still answered while the balancer moves away.
    await request(sut.server).get('/api/health/live').expect(200);
    await request(sut.server).get('/api/health').expect(200);
  });
});
