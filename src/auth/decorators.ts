import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
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
  return context.switchToHttp().getRequest<Request>().admin;
});

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AuthenticatedAdmin;
  }
}
