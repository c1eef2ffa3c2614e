import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { SharedLimitsUnavailable } from './rate-limit.js';

/** What ThrottlerStorage.increment answers. */
interface ThrottlerRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * One hit on a limit, atomically, with the server's clock (every instance sees one count): the hits of the
 * last `ttl` ms are kept in a sorted set; past `limit`, the key is blocked for `block` ms (or, with no block
 * duration, until the oldest hit leaves the window). Answers hits, ms to the window's end, blocked (1/0), ms
 * the block lasts.
 */
const INCREMENT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local block = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return {redis.call('ZCARD', KEYS[1]), ttl, 1, blocked}
end
local sequence = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ttl)
redis.call('ZADD', KEYS[1], now, now .. ':' .. sequence)
redis.call('PEXPIRE', KEYS[1], ttl)
local hits = redis.call('ZCARD', KEYS[1])
if hits > limit then
  if block > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    return {hits, ttl, 1, block}
  end
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {hits, ttl, 1, tonumber(oldest[2]) + ttl - now}
end
return {hits, ttl, 0, 0}
`;

/**
 * The rate limits' storage when the app runs on several instances (REDIS_URL): every limit, route or keyed
 * (login per account, e-mail budgets), counts in Redis, so a client spreading its attempts over instances
 * meets the same count. Without REDIS_URL the throttler's own in-memory storage serves one process.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // No command waits for a connection: while Redis is away a check fails at once (SharedLimitsUnavailable),
    // and the route counts in its instance's memory or refuses with 503 (StrictLimits); the client reconnects by
    // itself meanwhile.
    this.redis = new Redis(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 1_000 });
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('throttlerIncrement', { numberOfKeys: 3, lua: INCREMENT });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    const base = `${this.prefix}throttle:${throttlerName}:${key}`;
    if (this.redis.status !== 'ready') throw new SharedLimitsUnavailable(`Redis is ${this.redis.status}`);
    let answer: number[];
    try {
      answer = await (this.redis as Redis & { throttlerIncrement: (...args: (string | number)[]) => Promise<number[]> }).throttlerIncrement(
        `${base}:hits`,
        `${base}:block`,
        `${base}:seq`,
        ttl,
        limit,
        blockDuration,
      );
    } catch (error) {
      throw new SharedLimitsUnavailable(error instanceof Error ? error.message : String(error));
    }
    const [totalHits, windowMs, blocked, blockMs] = answer;
    return {
      totalHits,
      timeToExpire: Math.ceil(windowMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: blocked === 1 ? Math.max(1, Math.ceil(blockMs / 1000)) : 0,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
