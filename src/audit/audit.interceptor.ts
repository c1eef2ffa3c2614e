import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { tap, type Observable } from 'rxjs';
import { normalizeIp } from '../ips/ip-address.js';
import { AuditService, summarize } from './audit.service.js';
import { AUDITED, type AuditedOptions } from './audited.decorator.js';

/** The id a write touched: the path's `:id`, else what the response names. */
function targetId(req: Request, response: unknown): number | null {
  const fromPath = Number(req.params?.id);
  if (Number.isInteger(fromPath) && fromPath > 0) return fromPath;
  const body = response as Record<string, unknown> | null;
  const nested = body?.data as Record<string, unknown> | undefined;
  const ip = body?.ip as Record<string, unknown> | undefined;
  const logo = body?.logo as Record<string, unknown> | undefined;
  const candidate = body?.id ?? body?.enterprise_id ?? nested?.id ?? ip?.id ?? logo?.logo_id;
  return typeof candidate === 'number' ? candidate : null;
}

/** After a route marked @Audited succeeds, records who did it, from where, on what, with which fields. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<AuditedOptions | undefined>(AUDITED, context.getHandler());
    if (!options || context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      tap((response) => {
        void this.audit.record({
          adminId: req.admin?.id ?? null,
          adminUsername: req.admin?.username ?? null,
          ip: normalizeIp(req.ip ?? '') ?? req.ip ?? null,
          action: options.action,
          targetType: options.target ?? null,
          targetId: targetId(req, response),
          summary: options.body ? summarize(req.body) : null,
        });
      }),
    );
  }
}
