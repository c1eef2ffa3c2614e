import { errorCatalog } from '../common/http/app.exception.js';

/** The errors of app users and their e-mailed links. */
export const usersError = errorCatalog({
  USER_NOT_FOUND: { status: 404, message: 'Usuário não encontrado.' },
  USER_WITHOUT_EMAIL: { status: 400, message: 'Este usuário não possui e-mail cadastrado.' },
  EMAIL_ALREADY_REGISTERED: { status: 409, message: 'Já existe um usuário com este email.', field: 'email' },
  LINK_INVALID: { status: 404, message: 'Link inválido.' },
  LINK_EXPIRED: { status: 410, message: 'Este link expirou. Peça um novo.' },
  LINK_USED: { status: 410, message: 'Este link já foi usado.' },
});
