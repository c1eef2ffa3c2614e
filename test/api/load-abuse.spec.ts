import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let port: number;

beforeAll(async () => {
  sut = await startTestApp();
  await sut.app.listen(0, '127.0.0.1');
  port = (sut.app.getHttpServer().address() as AddressInfo).port;
});

afterAll(async () => {
  await sut?.close();
});

/** One contact submission over a real socket bound to a loopback address (the client's IP as the server sees it). */
function submit(from: string, index: number): Promise<number> {
  const body = JSON.stringify({
    nome: `Visitante ${index}`,
    email: `visitante${index}@exemplo.com.br`,
    telefone: '43999990000',
    mensagem: `Mensagem de carga número ${index}.`,
    empresa: '',
    origem: 'site',
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/contatos',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('contact form under abusive load', () => {
  it('1,000 submissions from 50 addresses at concurrency 50: per-IP limits hold, each accepted message stored once, memory in budget', async () => {
    const addresses = Array.from({ length: 50 }, (_, index) => `127.0.0.${index + 10}`);
    const jobs = Array.from({ length: 1000 }, (_, index) => ({ from: addresses[index % addresses.length], index }));
    const statuses = new Map<string, number[]>();
    let next = 0;
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          const status = await submit(job.from, job.index);
          statuses.set(job.from, [...(statuses.get(job.from) ?? []), status]);
        }
      }),
    );
    clearInterval(sampler);

    const all = [...statuses.values()].flat();
    expect(all.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(all)).toEqual(new Set([201, 429]));
    // 5 messages per address in 10 minutes (SPEC: enough for a person, too few for a spammer).
    for (const [address, codes] of statuses) expect(codes.filter((status) => status === 201).length, address).toBe(5);

    const stored = await sut.dataSource.getRepository(Contact).find({ select: { mensagem: true, senderIp: true } });
    expect(stored).toHaveLength(250);
    expect(new Set(stored.map((row) => row.mensagem)).size).toBe(250);
    for (const address of addresses)
      expect(
        stored.filter((row) => row.senderIp === address),
        address,
      ).toHaveLength(5);
    // The test process holds the app too: the whole of it stays within the server's memory budget.
    expect(peakRss).toBeLessThan(400 * 1024 * 1024);
  }, 120_000);
});
