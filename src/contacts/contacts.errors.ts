import { errorCatalog } from '../common/http/app.exception.js';

/** The errors of contact messages in the back office. */
export const contactsError = errorCatalog({
  CONTACT_NOT_FOUND: { status: 404, message: 'Contato não encontrado.' },
  CONTACT_PENDING: { status: 409, message: 'Só é possível excluir contatos já respondidos.' },
  CONTACT_ALREADY_ANSWERED: { status: 409, message: 'Este contato já foi marcado como respondido.' },
});
