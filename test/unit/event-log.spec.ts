import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareIds, LOG_MAX_EVENTS, MemoryEventLog, parseEventId, REPLAY_MS } from '../../src/live/event-log.js';
import { visibleTo } from '../../src/live/live-streams.js';
import type { AuthenticatedAdmin } from '../../src/auth/auth.types.js';

afterEach(() => vi.useRealTimers());

describe('event ids', () => {
  it('orders ids by time, then by sequence, as numbers (not as text)', () => {
    expect(compareIds('1700000000000-2', '1700000000000-10')).toBeLessThan(0);
    expect(compareIds('1700000000001-0', '1700000000000-99')).toBeGreaterThan(0);
    expect(compareIds('5-5', '5-5')).toBe(0);
  });

  it('takes a well-formed Last-Event-ID and ignores anything else (capped before it is matched)', () => {
    expect(parseEventId('1700000000000-3')).toBe('1700000000000-3');
    expect(parseEventId(' 1700000000000-3 ')).toBe('1700000000000-3');
    for (const bad of [undefined, '', 'abc', '1-2-3', '-1', `${'9'.repeat(100)}-1`, '1700000000000-3; DROP']) expect(parseEventId(bad)).toBeUndefined();
  });
});

describe('the in-memory log (one instance without Redis)', () => {
  it('hands every listener each event once, in order, and replays what came after an id', async () => {
    const log = new MemoryEventLog();
    const heard: string[] = [];
    log.onEvent((event) => heard.push(event.id));
    await log.append([1, 2, 3].map((n) => ({ name: 'contato.novo' as const, data: { n }, audience: {} })));
    expect(heard).toHaveLength(3);
    expect([...heard].sort(compareIds)).toEqual(heard);
    expect(log.lastId()).toBe(heard[2]);
    expect((await log.since(heard[0])).map((event) => event.id)).toEqual(heard.slice(1));
    expect(await log.since(heard[2])).toEqual([]);
  });

  it('keeps 10 minutes and at most LOG_MAX_EVENTS events', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    const log = new MemoryEventLog();
    await log.append([{ name: 'contadores', data: {}, audience: {} }]);
    const first = log.lastId();
    vi.setSystemTime(Date.now() + REPLAY_MS + 1_000);
    await log.append([{ name: 'contadores', data: {}, audience: {} }]);
    expect((await log.since('0-0')).map((event) => event.id)).toEqual([log.lastId()]);
    expect(compareIds(log.lastId(), first)).toBeGreaterThan(0);

    await log.append(Array.from({ length: LOG_MAX_EVENTS + 10 }, () => ({ name: 'contadores' as const, data: {}, audience: {} })));
    expect(await log.since('0-0')).toHaveLength(LOG_MAX_EVENTS);
  });
});

describe('who sees an event', () => {
  const admin = (role: 'master' | 'gestor', id = 1, jti = 'a'): AuthenticatedAdmin => ({
    id,
    role,
    jti,
    username: 'x',
    name: 'X',
    ipId: 1,
    confirmedAt: Date.now(),
    activeAt: Date.now(),
    expiresAt: Date.now() + 3_600_000,
  });
  const event = (audience: object) => ({ id: '1-0', name: 'registro.alterado' as const, data: {}, audience });

  it('everyone by default; masters only, one admin or one session when the audience says so', () => {
    expect(visibleTo(event({}), admin('gestor'))).toBe(true);
    expect(visibleTo(event({ papel: 'master' }), admin('gestor'))).toBe(false);
    expect(visibleTo(event({ papel: 'master' }), admin('master'))).toBe(true);
    expect(visibleTo(event({ admin: 2 }), admin('master', 1))).toBe(false);
    expect(visibleTo(event({ admin: 2 }), admin('gestor', 2))).toBe(true);
    expect(visibleTo(event({ sessao: 'b' }), admin('master', 1, 'a'))).toBe(false);
  });
});
