import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import type { AdminRole } from './admin-role.js';
import type { AuthenticatedAdmin } from './auth.types.js';

export const IS_PUBLIC = 'agromaq:public';
export const ROLES = 'agromaq:roles';

/** Opens a route to everyone; every other route needs an admin session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

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
