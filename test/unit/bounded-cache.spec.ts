import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/common/bounded-cache.js';

/** A cache of `capacity` holding `keys` in that order, each with its position from 1. */
function filled(capacity: number, keys: string[]): BoundedCache<string, number> {
  const cache = new BoundedCache<string, number>(capacity);
  keys.forEach((key, index) => cache.set(key, index + 1));
  return cache;
}

describe('BoundedCache', () => {
  it('never holds more than its capacity', () => {
    const cache = new BoundedCache<number, number>(10);
    for (let key = 0; key < 1000; key += 1) {
      cache.set(key, key);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    expect(cache.get(999)).toBe(999);
  });

  it('keeps an entry that is read while others come, and forgets those nobody read', () => {
    const cache = new BoundedCache<string, number>(4);
    cache.set('token', 1);
    for (let key = 0; key < 50; key += 1) {
      cache.set(`other-${key}`, key);
      expect(cache.get('token')).toBe(1);
    }
    expect(cache.get('other-0')).toBeUndefined();
    expect(cache.get('other-49')).toBe(49);
  });

  it('forgets the least recently used first', () => {
    const cache = filled(4, ['a', 'b', 'c', 'd']);
    expect(cache.get('a')).toBe(1);
    cache.set('e', 5);
    cache.set('f', 6);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });

  it('replaces a value in place, in either generation', () => {
    const cache = filled(4, ['a', 'b', 'c']);
    cache.set('a', 10);
    expect(cache.get('a')).toBe(10);
    cache.set('b', 20);
    expect(cache.get('b')).toBe(20);
    expect(cache.size).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
