import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { AUTHORIZATION_TTL_MS, AuthorizationCache } from '../../src/auth/authorization-cache.js';
import type { AppConfig } from '../../src/config/app-config.js';

const single = () => new AuthorizationCache({ subscribers: [] } as unknown as DataSource, { redis: { url: null, keyPrefix: 'test:' } } as unknown as AppConfig);

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthorizationCache', () => {
  it('keeps an authorization read at the current generation, for AUTHORIZATION_TTL_MS', () => {
    vi.useFakeTimers();
    const cache = single();
    cache.set('jti|ip', { admin_id: 1 }, cache.current);
    expect(cache.get('jti|ip')).toEqual({ admin_id: 1 });
    vi.advanceTimersByTime(AUTHORIZATION_TTL_MS + 1);
    expect(cache.get('jti|ip')).toBeUndefined();
  });

  it('never keeps a read that began before a change: a logout during the read cannot put the old session back', async () => {
    const cache = single();
    const before = cache.current;
    await cache.changed();
    cache.set('jti|ip', { admin_id: 1 }, before);
    expect(cache.get('jti|ip')).toBeUndefined();
  });

  it('drops everything it keeps at a change', async () => {
    const cache = single();
    cache.set('a|ip', { admin_id: 1 }, cache.current);
    cache.set('b|ip', { admin_id: 2 }, cache.current);
    await cache.changed();
    expect(cache.get('a|ip')).toBeUndefined();
    expect(cache.get('b|ip')).toBeUndefined();
  });

  it('with Redis configured, keeps nothing until it is subscribed to the changes of the other instances', () => {
    const cache = new AuthorizationCache(
      { subscribers: [] } as unknown as DataSource,
      { redis: { url: 'redis://127.0.0.1:1', keyPrefix: 'test:' } } as unknown as AppConfig,
    );
    cache.set('jti|ip', { admin_id: 1 }, cache.current);
    expect(cache.get('jti|ip')).toBeUndefined();
  });
});
