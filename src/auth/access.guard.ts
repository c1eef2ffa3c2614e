import { CanActivate, ExecutionContext, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { Reflector } from '@nestjs/core';
import { header, requestPath, requestUrl, type HttpRequest } from '../common/http/http.js';
import { RedirectException } from '../common/http/redirect.exception.js';
import { InertiaService } from '../inertia/inertia.service.js';
import { IpAccess } from './ip-access.js';
import type { AdminRole } from './admin-role.js';
import { AdminCookie } from './admin-cookie.js';
import { RoleForbiddenException, SessionException, type SessionProblem, StepUpRequiredException, XsrfMismatchException } from './auth.exceptions.js';
import { AuthService } from './auth.service.js';
import { IS_PUBLIC, isOpen, NOT_ACTIVITY, ROLES, SENSITIVE } from './decorators.js';
import { AUTOMATIC_REQUEST_HEADER } from '../shared/session.views.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where a page visit without a valid session goes. */
export function loginRedirect(problem: SessionProblem, originalUrl: string): string {
  const next = new URLSearchParams({ next: originalUrl }).toString();
  if (problem === 'IP_REVOKED') return `/admin/login?reason=ip_revogado&${next}`;
  if (problem === 'SESSION_IDLE') return `/admin/login?reason=sessao_inativa&${next}`;
  return `/admin/login?${next}`;
}

/** The token of an `Authorization: Bearer …` header, if the request has one. */
export function bearerToken(req: HttpRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization')?.slice(0, 4096) ?? '')?.[1];
}

/** The token a request was authenticated with: its Bearer header, or else the session cookie. */
export function requestToken(req: HttpRequest, cookie: AdminCookie): string | undefined {
  return bearerToken(req) ?? cookie.read(req);
}

/** What a route's decorators say about its access: read once per route. */
interface RouteMarks {
  open: boolean | 'api-docs' | undefined;
  notActivity: boolean;
  roles: AdminRole[] | undefined;
  /** The words of a sensitive action (@Sensitive), or undefined. */
  sensitive: string | undefined;
}

/**
 * The one access guard, global: every route needs an admin session unless marked @Public(). In order:
 * the token (Bearer header or session cookie; cookie writes also need the XSRF header), the session and
 * admin read from the database (not idle), the request's IP (still authorized, for the admin's role), then @Roles(),
 * then @Sensitive() (a recent 2FA confirmation).
 * Page visits that fail are redirected; API calls get 401/403 with a code.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly ips: IpAccess,
    private readonly inertia: InertiaService,
    private readonly cookie: AdminCookie,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Each route's marks, read from its decorators once: per controller class, then per handler. */
  private readonly marks = new WeakMap<object, WeakMap<object, RouteMarks>>();

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const marks = this.marksOf(context);
    // The API's documentation does not exist for anyone with API_DOCS=off.
    if (marks.open === 'api-docs' && this.config.apiDocs === 'off') throw new NotFoundException();
    // An open route answers without a promise: nothing of the session is read.
    if (isOpen(marks.open, this.config.apiDocs)) return true;
    return this.authorize(context, marks);
  }

  private marksOf(context: ExecutionContext): RouteMarks {
    const handler = context.getHandler();
    const type = context.getClass();
    let ofClass = this.marks.get(type);
    if (!ofClass) this.marks.set(type, (ofClass = new WeakMap()));
    let marks = ofClass.get(handler);
    if (!marks) {
      const targets = [handler, type];
      marks = {
        open: this.reflector.getAllAndOverride<boolean | 'api-docs' | undefined>(IS_PUBLIC, targets),
        notActivity: this.reflector.getAllAndOverride<boolean | undefined>(NOT_ACTIVITY, targets) === true,
        roles: this.reflector.getAllAndOverride<AdminRole[] | undefined>(ROLES, targets),
        sensitive: this.reflector.getAllAndOverride<string | undefined>(SENSITIVE, targets),
      };
      ofClass.set(handler, marks);
    }
    return marks;
  }

  private async authorize(context: ExecutionContext, marks: RouteMarks): Promise<boolean> {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    const isPage = !this.inertia.isApiPath(requestPath(req));
    try {
      const bearer = bearerToken(req);
      const token = bearer ?? this.cookie.read(req);
      if (!token) throw new SessionException('NO_AUTH');
      if (!bearer && WRITE_METHODS.has(req.method) && !this.inertia.xsrf.isValid(req)) {
        throw new XsrfMismatchException();
      }
      const { admin, ip } = await this.auth.authenticate(token, req.ip ?? '');
      req.admin = admin;
      await this.ips.touch(ip);
      // The person's activity keeps the session from ending idle; what the browser does by itself does not.
      const automatic = marks.notActivity || header(req, AUTOMATIC_REQUEST_HEADER) === '1';
      await this.auth.touchSession(admin.jti, !automatic);

      if (marks.roles && !marks.roles.includes(admin.role)) throw new RoleForbiddenException();
      if (marks.sensitive && !this.auth.confirmedRecently(admin)) {
        throw new StepUpRequiredException(marks.sensitive);
      }
      return true;
    } catch (error) {
      if (isPage && error instanceof SessionException) throw new RedirectException(loginRedirect(error.problem, requestUrl(req)));
      if (isPage && error instanceof RoleForbiddenException) throw new RedirectException('/admin/dashboard');
      throw error;
    }
  }
}
