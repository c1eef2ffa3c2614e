import Fastify from 'fastify';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveWay, interactiveRequests, trackInteractiveLoad } from '../../src/common/http/interactive-load.js';
import { requestSteps } from '../../src/common/http/request-steps.js';

// Background work (an import's row checks) gives way to the requests staff are waiting for.
const server = Fastify();
let base = '';
beforeAll(async () => {
  trackInteractiveLoad(requestSteps(server));
  server.get('/lenta', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { ok: true };
  });
  server.put('/lenta', async (req) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { ok: true, body: req.body };
  });
  server.get('/api/admin/eventos', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { ok: true };
  });
  base = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** Which comes first: the promise, or a timer of `ms` started beside it. */
const beforeTimer = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('giving way to interactive requests', () => {
  it('waits while a request is being answered, and goes on as soon as it is answered', async () => {
    const answered = fetch(`${base}/lenta`).then(() => Date.now());
    while (interactiveRequests() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const [gaveWayAt, answeredAt] = await Promise.all([giveWay(5_000).then(() => Date.now()), answered]);
    expect(gaveWayAt).toBeGreaterThanOrEqual(answeredAt - 20);
    expect(gaveWayAt - answeredAt).toBeLessThan(500);
    expect(interactiveRequests()).toBe(0);
  });

  it('never waits longer than it was told, and not at all when nobody waits or only an event stream is open', async () => {
    expect(await beforeTimer(giveWay(1_000), 100)).toBe(true);
    const stream = fetch(`${base}/api/admin/eventos`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(interactiveRequests()).toBe(0);
    expect(await beforeTimer(giveWay(1_000), 100)).toBe(true);
    await stream;
    let answered = false;
    const slow = fetch(`${base}/lenta`).then(() => (answered = true));
    while (interactiveRequests() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await giveWay(60);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(answered, 'it gave up waiting before the 200 ms request was answered').toBe(false);
    await slow;
  });

  // A client that hangs up while its request is being answered (a closed tab, a lost connection, a load tool
  // stopping) must not stay counted: otherwise every later import waits its longest at every turn.
  it.each([
    ['GET', ''],
    ['PUT', '{"numero":"12"}'],
  ])('stops counting a %s request whose client hangs up before the answer', async (method, body) => {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const head = [
      `${method} /lenta HTTP/1.1`,
      'Host: 127.0.0.1',
      ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
      '',
      '',
    ];
    socket.write(head.join('\r\n') + body);
    while (interactiveRequests() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(interactiveRequests()).toBe(0);
    expect(await beforeTimer(giveWay(1_000), 100)).toBe(true);
  });
});
