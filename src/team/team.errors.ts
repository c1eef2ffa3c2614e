import { errorCatalog } from '../common/http/app.exception.js';

/** The message of every link that cannot set a password, whatever the reason: it reveals nothing about the link. */
export const INVITE_INVALID_MESSAGE = 'Este link é inválido, já foi usado ou expirou. Peça um novo link a um administrador master.';

/** The errors of the team screen, the profile and the password links. */
export const teamError = errorCatalog({
  ADMIN_NOT_FOUND: { status: 404, message: 'Administrador não encontrado.' },
  SESSION_NOT_FOUND: { status: 404, message: 'Sessão não encontrada.' },
  USERNAME_TAKEN: { status: 409, message: 'Já existe um administrador com este usuário.', field: 'username' },
  LAST_MASTER: { status: 409, message: 'Não é possível desativar ou rebaixar o último master ativo.' },
  OWN_ACCOUNT: { status: 403, message: 'Você não pode alterar o próprio papel, desativar a própria conta nem gerar um link de senha para si. Use Meu perfil.' },
  ADMIN_INACTIVE: { status: 409, message: 'Reative o administrador antes de gerar um link de senha.' },
  INVITE_INVALID: { status: 400, message: INVITE_INVALID_MESSAGE },
  WRONG_PASSWORD: { status: 400, message: 'Senha atual incorreta.', field: 'senha_atual' },
});
