import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../common/http/http.js';
import { mergeMap, type Observable } from 'rxjs';
import { auditActor } from './audit-actor.js';
import { changesWrittenBy } from '../history/change-context.js';
import { AUDIT_TARGETS } from './audit-targets.js';
import { AuditService, changeSummary, summarize } from './audit.service.js';
import { AUDITED, type AuditedOptions } from './audited.metadata.js';

/** The id a write touched: what the route says, else the path's `:id`. */
function targetId(req: HttpRequest, options: AuditedOptions<unknown>, response: unknown): number | null {
  if (options.targetId) return options.targetId(response);
  const fromPath = Number((req.params as Record<string, string> | undefined)?.id);
  return Number.isInteger(fromPath) && fromPath > 0 ? fromPath : null;
}

/**
 * What the entry keeps: for a record whose resource keeps a history, the fields the request's writes changed, as
 * its history entries say (a save that changed nothing keeps none); else the fields sent (secrets removed).
 */
function changesOrFields(req: HttpRequest, options: AuditedOptions<unknown>, id: number | null): Record<string, unknown> | null {
  const history = options.target ? AUDIT_TARGETS[options.target]?.history : undefined;
  if (history && id !== null) {
    const changes = changeSummary(changesWrittenBy(req), history, id);
    // A creation keeps the values the admin gave (the body's fields), not what the record starts with by itself.
    const sent = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : null;
    if (changes?.operacao === 'criacao' && options.body && sent) {
      changes.alteracoes = Object.fromEntries(Object.entries(changes.alteracoes).filter(([column]) => Object.hasOwn(sent, column)));
    }
    if (changes) return { ...changes };
    if (options.body) return { alteracoes: {}, operacao: 'alteracao' };
  }
  return options.body ? summarize(req.body) : options.query ? summarize(req.query) : null;
}

/** After a route marked @Audited succeeds and before it answers, records who did it, from where, on what, and what changed. */
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
    // The entry is written before the answer goes out: whoever reads the trail right after a write finds it,
    // and a write answered as done is never missing from the trail (record() never throws).
    return next.handle().pipe(
      mergeMap(async (response: unknown) => {
        const id = targetId(req, options, response);
        await this.audit.record({
          ...auditActor(req),
          action: options.action,
          targetType: options.target ?? null,
          targetId: id,
          summary: changesOrFields(req, options, id),
        });
        return response;
      }),
    );
  }
}
