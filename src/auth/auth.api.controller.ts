import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { header, type HttpReply, type HttpRequest } from '../common/http/http.js';
import { AuditService } from '../audit/audit.service.js';
import { AppException } from '../common/http/app.exception.js';
import { RateLimit, StrictLimits } from '../common/http/rate-limit.js';
import { SameOriginJson } from '../common/http/same-origin.js';
import { InertiaService } from '../inertia/inertia.service.js';
import { normalizeIp } from '../common/http/ip-address.js';
import { AdminCookie } from './admin-cookie.js';
import { AuthService } from './auth.service.js';
import type { AuthenticatedAdmin } from './auth.types.js';
import { CurrentAdmin, Public } from './decorators.js';
import { LoginInput } from './dto/login.input.js';
import { ConfirmIdentityInput } from './dto/confirm-identity.input.js';
import { AUTOMATIC_REQUEST_HEADER, type SessionStateView } from '../shared/session.views.js';
import { XsrfMismatchException } from './auth.exceptions.js';
import { TooManyLoginAttemptsException } from './login-limits.js';
import { AppMetrics } from '../metrics/app-metrics.js';

@Controller('api/admin')
export class AuthApiController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: AdminCookie,
    private readonly inertia: InertiaService,
    private readonly audit: AuditService,
    private readonly metrics: AppMetrics,
  ) {}

  /** {token, admin}; the same token is set as the HttpOnly session cookie for page visits. */
  @Public()
  @SameOriginJson()
  @RateLimit('login-ip')
  @StrictLimits()
  @ApiOperation({
    summary: 'Entra no painel',
    description:
      'Usuário, senha e código 2FA do endereço IP de onde se entra. Responde `{token, admin}`; o mesmo token vai num cookie HttpOnly para as páginas do painel.',
  })
  @ApiResponse({
    status: 401,
    description: '`INVALID_CREDENTIALS` (usuário, senha ou código 2FA inválidos) ou `TOTP_ALREADY_USED` (o código já foi usado: aguarde o próximo).',
  })
  @ApiResponse({ status: 403, description: '`IP_NOT_AUTHORIZED`: o endereço IP de onde se entra não está autorizado para o administrador.' })
  @Post('login')
  @HttpCode(200)
  async login(@Body() input: LoginInput, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply) {
    const ip = normalizeIp(req.ip ?? '') ?? req.ip ?? null;
    let session: Awaited<ReturnType<AuthService['login']>>;
    try {
      session = await this.auth.login(input, req.ip ?? '', header(req, 'user-agent') ?? null);
    } catch (error) {
      const code = error instanceof AppException ? error.code : 'ERROR';
      this.metrics.loginFailures.inc();
      if (error instanceof TooManyLoginAttemptsException) this.metrics.lockouts.inc();
      await this.audit.record({ adminId: null, adminUsername: input.username, ip, action: 'login.failure', targetType: 'admin', summary: { motivo: code } });
      throw error;
    }
    const { token, admin, expiresAt } = session;
    await this.audit.record({ adminId: admin.id, adminUsername: admin.username, ip, action: 'login.success', targetType: 'admin', targetId: admin.id });
    this.cookie.write(res, token, expiresAt);
    this.inertia.xsrf.rotate(res, token);
    return { token, admin };
  }

  /**
   * Ends the session of the token sent (header or cookie) and clears the cookie; answers ok even without one.
   * Ending it by the cookie needs the XSRF header, like every cookie write, so another site cannot log staff out.
   */
  @Public()
  @SameOriginJson()
  @ApiOperation({
    summary: 'Sai do painel',
    description:
      'Encerra a sessão do token enviado (cabeçalho ou cookie) e apaga o cookie; responde ok mesmo sem sessão. Pelo cookie, exige o cabeçalho X-XSRF-TOKEN.',
  })
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
    const cookieToken = this.cookie.read(req);
    if (!bearer && cookieToken && !this.inertia.xsrf.isValid(req)) throw new XsrfMismatchException();
    await this.auth.revokeToken(bearer ?? cookieToken);
    this.cookie.clear(res);
    this.inertia.xsrf.rotate(res);
    return { ok: true };
  }

  /**
   * Opens the sensitive actions (@Sensitive) to this session for STEP_UP_MINUTES: the code of the authorized IP
   * in use, spent as at login and counted in the same limits. A wrong or spent code is a 400, not a 401: the
   * session itself goes on.
   */
  @RateLimit('login-ip')
  @StrictLimits()
  @ApiOperation({
    summary: 'Confirma a identidade para as ações sensíveis',
    description:
      'O código 2FA do endereço IP em uso, como no login (cada código vale uma vez). Libera por `STEP_UP_MINUTES` as ações que respondem 403 `STEP_UP_REQUIRED`: endereços IP, equipe, status em lote, importações, restaurações do histórico e exportações.',
  })
  @Post('confirmar-identidade')
  @HttpCode(200)
  async confirmIdentity(@Body() input: ConfirmIdentityInput, @CurrentAdmin() admin: AuthenticatedAdmin, @Req() req: HttpRequest): Promise<SessionStateView> {
    const ip = normalizeIp(req.ip ?? '') ?? req.ip ?? null;
    const entry = { adminId: admin.id, adminUsername: admin.username, ip, targetType: 'admin', targetId: admin.id } as const;
    let confirmedAt: Date;
    try {
      confirmedAt = await this.auth.confirmIdentity(admin, req.ip ?? '', input.otp);
    } catch (error) {
      const code = error instanceof AppException ? error.code : 'ERROR';
      if (error instanceof TooManyLoginAttemptsException) this.metrics.lockouts.inc();
      await this.audit.record({ ...entry, action: 'login.step_up_failure', summary: { motivo: code } });
      throw error;
    }
    await this.audit.record({ ...entry, action: 'login.step_up' });
    return this.auth.sessionState({ ...admin, confirmedAt: confirmedAt.getTime(), activeAt: Date.now() });
  }

  /** The session's timing: when it ends if left idle, until when its confirmation holds, its absolute end. */
  @ApiOperation({
    summary: 'O estado da sessão',
    description:
      'Quando a sessão termina por inatividade (`SESSION_IDLE_MINUTES` sem ações da pessoa), até quando vale a confirmação 2FA (`STEP_UP_MINUTES`) e quando expira. Chamada sem o cabeçalho `X-Automatic-Request: 1`, conta como atividade.',
  })
  @Get('sessao')
  session(@CurrentAdmin() admin: AuthenticatedAdmin, @Req() req: HttpRequest): SessionStateView {
    const automatic = header(req, AUTOMATIC_REQUEST_HEADER) === '1';
    return this.auth.sessionState(automatic ? admin : { ...admin, activeAt: Date.now() });
  }

  @ApiOperation({ summary: 'O administrador da sessão' })
  @Get('me')
  me(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return { admin: { id: admin.id, username: admin.username, name: admin.name, role: admin.role } };
  }
}
