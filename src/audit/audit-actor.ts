import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import { normalizeIp } from '../common/http/ip-address.js';

/** Who does what the trail records: the request's admin and address. */
export interface AuditActor {
  adminId: number | null;
  adminUsername: string | null;
  ip: string | null;
  /** The admin's display name, as a record's history names who changed it. */
  adminName?: string | null;
}

export function auditActor(req: HttpRequest): AuditActor {
  return {
    adminId: req.admin?.id ?? null,
    adminUsername: req.admin?.username ?? null,
    ip: normalizeIp(req.ip ?? '') ?? req.ip ?? null,
    adminName: req.admin?.name ?? null,
  };
}

/** The request's AuditActor, for services that record entries themselves (one per row of a bulk action). */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext) => auditActor(context.switchToHttp().getRequest<HttpRequest>()));
