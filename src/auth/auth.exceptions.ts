import { AppException } from '../common/http/app.exception.js';
import { XSRF_MISMATCH_MESSAGE } from '../inertia/inertia.hooks.js';

export type SessionProblem = 'NO_AUTH' | 'TOKEN_EXPIRED' | 'IP_REVOKED' | 'SESSION_IDLE';

const SESSION_MESSAGES: Record<SessionProblem, string> = {
  NO_AUTH: 'Faça login para continuar.',
  TOKEN_EXPIRED: 'Sua sessão expirou. Faça login novamente.',
  IP_REVOKED: 'O acesso a partir deste IP foi revogado. Faça login novamente.',
  SESSION_IDLE: 'Sua sessão foi encerrada por inatividade. Faça login novamente.',
};

/** 401 with the code the client's session handling branches on. */
export class SessionException extends AppException {
  constructor(readonly problem: SessionProblem) {
    super(401, problem, SESSION_MESSAGES[problem]);
  }
}

/** Wrong user, password or code: one answer for all, so none is revealed. */
export class InvalidCredentialsException extends AppException {
  constructor() {
    super(401, 'INVALID_CREDENTIALS', 'Usuário, senha ou código 2FA inválidos.');
  }
}

/**
 * A right password with a 2FA code that was already spent (or is older than the last one spent). Saying so
 * reveals nothing: only someone who knew the password gets this far, and it spares staff from doubting it.
 */
export class TotpAlreadyUsedException extends AppException {
  constructor() {
    super(401, 'TOTP_ALREADY_USED', 'Este código 2FA já foi usado. Aguarde o próximo código no aplicativo autenticador e tente novamente.');
  }
}

export class IpNotAuthorizedException extends AppException {
  constructor() {
    super(403, 'IP_NOT_AUTHORIZED', 'Este endereço IP não está autorizado a acessar o painel.');
  }
}

export class RoleForbiddenException extends AppException {
  constructor() {
    super(403, 'FORBIDDEN_ROLE', 'Acesso restrito ao administrador master.');
  }
}

/** A write authenticated by the session cookie without the matching XSRF header. */
export class XsrfMismatchException extends AppException {
  constructor() {
    super(419, 'XSRF_MISMATCH', XSRF_MISMATCH_MESSAGE);
  }
}

/**
 * A sensitive action (@Sensitive) asked of a session whose last 2FA confirmation is older than STEP_UP_MINUTES:
 * the answer names the action (`acao`, the words of its @Sensitive), and the back office asks for a code with
 * them (POST /api/admin/confirmar-identidade) and sends the action again.
 */
export class StepUpRequiredException extends AppException {
  constructor(action: string) {
    super(403, 'STEP_UP_REQUIRED', `Para ${action}, confirme sua identidade com o código 2FA.`, undefined, { acao: action });
  }
}

/**
 * A confirmation of identity with a wrong or spent code. Not a 401: the session itself is fine, and the
 * back office ends the session on any 401.
 */
export class StepUpRefusedException extends AppException {
  constructor(used: boolean) {
    super(400, used ? 'TOTP_ALREADY_USED' : 'INVALID_OTP', used ? new TotpAlreadyUsedException().message : 'Código 2FA inválido.', {
      otp: used ? 'Este código já foi usado. Aguarde o próximo.' : 'Código 2FA inválido.',
    });
  }
}
