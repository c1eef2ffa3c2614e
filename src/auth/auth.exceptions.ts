import { AppException } from '../common/http/app.exception.js';
import { XSRF_MISMATCH_MESSAGE } from '../inertia/inertia.hooks.js';

export type SessionProblem = 'NO_AUTH' | 'TOKEN_EXPIRED' | 'IP_REVOKED';

const SESSION_MESSAGES: Record<SessionProblem, string> = {
  NO_AUTH: 'Faça login para continuar.',
  TOKEN_EXPIRED: 'Sua sessão expirou. Faça login novamente.',
  IP_REVOKED: 'O acesso a partir deste IP foi revogado. Faça login novamente.',
};

/** 401 with the code the client's session handling branches on (DESIGN.md section 4). */
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

/** A write authenticated by the session cookie without the matching XSRF header (DESIGN.md section 4). */
export class XsrfMismatchException extends AppException {
  constructor() {
    super(419, 'XSRF_MISMATCH', XSRF_MISMATCH_MESSAGE);
  }
}
