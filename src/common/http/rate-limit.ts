import { applyDecorators, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';

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
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const names = this.reflector.getAllAndOverride<string[] | undefined>(RATE_LIMITS_KEY, [request.context.getHandler(), request.context.getClass()]) ?? [];
    if (!request.throttler.name || !names.includes(request.throttler.name)) return true;
    return super.handleRequest(request);
  }
}
