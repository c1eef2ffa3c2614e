import { applyDecorators, Inject, Injectable, Logger, Optional, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, ThrottlerStorageService, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import { AppMetrics } from '../../metrics/app-metrics.js';
import { AppException } from './app.exception.js';

const RATE_LIMITS_KEY = 'rateLimits';
const STRICT_KEY = 'rateLimitsStrict';

/** Thrown by the shared storage of the limits (Redis) when it cannot count now; never reaches a client. */
export class SharedLimitsUnavailable extends Error {
  override name = 'SharedLimitsUnavailable';
}

/** 503 with Retry-After (as every 503): a limit that must not be passed uncounted cannot be counted now. */
export class LimitsUnavailableException extends AppException {
  constructor() {
    super(503, 'CACHE_UNAVAILABLE', 'Não foi possível verificar o limite de tentativas agora. Tente novamente em instantes.');
  }
}

/** What a limit does while the shared storage is away: count in this instance's memory, or refuse (503). */
export type WhenLimitsAway = 'count-locally' | 'refuse';

/**
 * Counts while the shared storage is away, per instance: the shape the limits have without REDIS_URL. Kept for
 * the process, so the count goes on across a blink.
 */
const localLimits = new ThrottlerStorageService();
const logger = new Logger('RateLimits');
let lastWarning = 0;

function warnCountingLocally(limit: string, metrics: AppMetrics | undefined): void {
  metrics?.rateLimitFallbacks.inc({ limit });
  if (Date.now() - lastWarning < 10_000) return;
  lastWarning = Date.now();
  logger.warn(`The shared storage of the rate limits (Redis) is away: counting ${limit} and the others in this instance until it is back`);
}

/**
 * Applies the named limits of the app's one registry (ThrottlerModule.forRoot in app.module.ts) to a route
 * or controller, and no others: `@RateLimit('contact-ip')`. A route without it is not throttled.
 */
export const RateLimit = (...names: string[]) => applyDecorators(SetMetadata(RATE_LIMITS_KEY, names), UseGuards(RateLimitGuard));

/**
 * The route's limits guard against guessing (login, codes, passwords): while the shared storage is away the route
 * answers 503 CACHE_UNAVAILABLE rather than count per instance, which would multiply the attempts by the number of
 * instances. Without it, a route's limits are counted in the instance's memory meanwhile, so a lead or an LGPD
 * request is never refused because Redis blinked.
 */
export const StrictLimits = () => SetMetadata(STRICT_KEY, true);

/** The route's rate-limit names, for the tests that check each names a registered limit. */
export function rateLimitsOf(target: object): string[] {
  return (Reflect.getMetadata(RATE_LIMITS_KEY, target) as string[] | undefined) ?? [];
}

/** The throttler guard, counting only the limits the route names with @RateLimit. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  @Optional() @Inject(AppMetrics) private readonly metrics?: AppMetrics;

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const targets = [request.context.getHandler(), request.context.getClass()];
    const names = this.reflector.getAllAndOverride<string[] | undefined>(RATE_LIMITS_KEY, targets) ?? [];
    const name = request.throttler.name;
    if (!name || !names.includes(name)) return true;
    try {
      return await super.handleRequest(request);
    } catch (error) {
      if (error instanceof SharedLimitsUnavailable) {
        if (this.reflector.getAllAndOverride<boolean | undefined>(STRICT_KEY, targets)) throw new LimitsUnavailableException();
        warnCountingLocally(name, this.metrics);
        return this.countLocally(request, name);
      }
      if (error instanceof ThrottlerException) this.metrics?.observeRateLimited(name);
      throw error;
    }
  }

  /** The throttler's own counting (same key, same answer), in this instance's memory. */
  private async countLocally(request: ThrottlerRequest, name: string): Promise<boolean> {
    const { context, limit, ttl, blockDuration, getTracker, generateKey } = request;
    const { req } = this.getRequestResponse(context);
    const tracker = await getTracker(req, context);
    const key = generateKey(context, tracker, name);
    const record = await localLimits.increment(key, ttl, limit, blockDuration, name);
    if (record.isBlocked) {
      this.metrics?.observeRateLimited(name);
      await this.throwThrottlingException(context, {
        limit,
        ttl,
        key,
        tracker,
        totalHits: record.totalHits,
        timeToExpire: record.timeToExpire,
        isBlocked: true,
        timeToBlockExpire: record.timeToBlockExpire,
      });
    }
    return true;
  }
}

/**
 * Counts one hit of a limit that a service checks itself (`whenAway`: what it does while the shared storage is
 * away, as for the routes' limits), on a key it computed (a matched account, say), in
 * the throttler's storage beside the route limits; false once the key is over `limit` hits within `ttl`.
 */
export async function hitKeyedLimit(
  storage: ThrottlerStorage,
  name: string,
  key: string,
  { ttl, limit }: { ttl: number; limit: number },
  whenAway: WhenLimitsAway,
): Promise<boolean> {
  try {
    return !(await storage.increment(`${name}:${key}`, ttl, limit, ttl, name)).isBlocked;
  } catch (error) {
    if (!(error instanceof SharedLimitsUnavailable)) throw error;
    if (whenAway === 'refuse') throw new LimitsUnavailableException();
    warnCountingLocally(name, undefined);
    return !(await localLimits.increment(`${name}:${key}`, ttl, limit, ttl, name)).isBlocked;
  }
}
