import { applyDecorators, Inject, Injectable, Optional, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import { AppMetrics } from '../../metrics/app-metrics.js';

const RATE_LIMITS_KEY = 'rateLimits';

/**
 * Applies the named limits of the app's one registry (ThrottlerModule.forRoot in app.module.ts) to a route
 * or controller, and no others: `@RateLimit('contact-ip')`. A route without it is not throttled.
 */
export const RateLimit = (...names: string[]) => applyDecorators(SetMetadata(RATE_LIMITS_KEY, names), UseGuards(RateLimitGuard));

/** The route's rate-limit names, for the tests that check each names a registered limit. */
export function rateLimitsOf(target: object): string[] {
  return (Reflect.getMetadata(RATE_LIMITS_KEY, target) as string[] | undefined) ?? [];
}

/** The throttler guard, counting only the limits the route names with @RateLimit. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  @Optional() @Inject(AppMetrics) private readonly metrics?: AppMetrics;

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const names = this.reflector.getAllAndOverride<string[] | undefined>(RATE_LIMITS_KEY, [request.context.getHandler(), request.context.getClass()]) ?? [];
    const name = request.throttler.name;
    if (!name || !names.includes(name)) return true;
    try {
      return await super.handleRequest(request);
    } catch (error) {
      if (error instanceof ThrottlerException) this.metrics?.observeRateLimited(name);
      throw error;
    }
  }
}

/**
 * Counts one hit of a limit that a service checks itself, on a key it computed (a matched account, say), in
 * the throttler's storage beside the route limits; false once the key is over `limit` hits within `ttl`.
 */
export async function hitKeyedLimit(storage: ThrottlerStorage, name: string, key: string, { ttl, limit }: { ttl: number; limit: number }): Promise<boolean> {
  const record = await storage.increment(`${name}:${key}`, ttl, limit, ttl, name);
  return !record.isBlocked;
}
