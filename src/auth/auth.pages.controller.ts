import { Controller, Get, Query, Req } from '@nestjs/common';
import { inertia } from '../inertia/inertia-response.js';
import type { HttpRequest } from '../common/http/http.js';
import { AdminCookie } from './admin-cookie.js';
import { AuthService } from './auth.service.js';
import { Public } from './decorators.js';
import { loginReason, safeAdminNext } from './login-redirect.js';
import { LOGGED_OUT_IN_ANOTHER_TAB, sessionEndNotice } from './session-end.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@InertiaPages()
@Controller('admin')
export class AuthPagesController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: AdminCookie,
  ) {}

  /**
   * The login page. When the browser's session cookie names a session that was ended, the page says the one
   * reason the server kept (`aviso`: who ended it and when); a session the browser saw end whose cookie is gone
   * was logged out in another tab; otherwise `reason` says what the browser saw (idle, expired, its IP revoked).
   */
  @Public()
  @Get('login')
  async login(@Req() req: HttpRequest, @Query('next') next?: unknown, @Query('reason') reason?: unknown) {
    const token = this.cookie.read(req);
    const ended = await this.auth.endOf(token);
    const known = loginReason(reason);
    const notice = ended ? sessionEndNotice(ended) : known === 'sessao_encerrada' && !token ? LOGGED_OUT_IN_ANOTHER_TAB : null;
    return inertia('Admin/Login', { next: safeAdminNext(next), reason: known, aviso: notice });
  }
}
