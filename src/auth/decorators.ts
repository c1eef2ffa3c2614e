import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import type { AdminRole } from './admin-role.js';
import type { AuthenticatedAdmin } from './auth.types.js';
import type { ApiDocsAccess } from '../config/app-config.js';

export const IS_PUBLIC = 'agromaq:public';
export const ROLES = 'agromaq:roles';

/** Opens a route to everyone; every other route needs an admin session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The API's documentation: public, an admin's or absent, as API_DOCS says. */
export const ApiDocs = () => SetMetadata(IS_PUBLIC, 'api-docs');

/** Whether a route's IS_PUBLIC mark opens it under this API_DOCS setting (undefined: not public). */
export function isOpen(mark: boolean | 'api-docs' | undefined, apiDocs: ApiDocsAccess): boolean {
  return mark === true || (mark === 'api-docs' && apiDocs === 'public');
}

export const SENSITIVE = 'agromaq:sensitive';
export const NOT_ACTIVITY = 'agromaq:not-activity';

/**
 * Marks an action that needs a recent 2FA confirmation (STEP_UP_MINUTES; the login counts): without one it
 * answers 403 STEP_UP_REQUIRED naming the action in `action`'s words (an infinitive phrase that follows "Para":
 * 'exportar os contatos'), and the back office asks for a code with those words and sends the action again. Who
 * may do it is still decided by @Roles().
 */
export const Sensitive = (action: string) => {
  if (!action.trim()) throw new Error('@Sensitive() needs the words of its action');
  return SetMetadata(SENSITIVE, action.trim());
};

/** A route a browser calls by itself (the event stream): it never counts as the person's activity. */
export const NotActivity = () => SetMetadata(NOT_ACTIVITY, true);

/** Restricts a route to some admin roles. */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES, roles);

/** The admin of the current request (set by the access guard). */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<HttpRequest>().admin;
});

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AuthenticatedAdmin;
  }
}
