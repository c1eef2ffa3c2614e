import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../common/http/http.js';
import { tap, type Observable } from 'rxjs';
import { auditActor } from './audit-actor.js';
import { AuditService, summarize } from './audit.service.js';
import { AUDITED, type AuditedOptions } from './audited.metadata.js';

/** The id a write touched: what the route says, else the path's `:id`. */
function targetId(req: HttpRequest, options: AuditedOptions<unknown>, response: unknown): number | null {
  if (options.targetId) return options.targetId(response);
  const fromPath = Number((req.params as Record<string, string> | undefined)?.id);
  return Number.isInteger(fromPath) && fromPath > 0 ? fromPath : null;
}

/** After a route marked @Audited succeeds, records who did it, from where, on what, with which fields. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<AuditedOptions<unknown> | undefined>(AUDITED, context.getHandler());
    if (!options || context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<HttpRequest>();
    return next.handle().pipe(
      tap((response) => {
        void this.audit.record({
          ...auditActor(req),
          action: options.action,
          targetType: options.target ?? null,
          targetId: targetId(req, options, response),
          summary: options.body ? summarize(req.body) : options.query ? summarize(req.query) : null,
        });
      }),
    );
  }
}
