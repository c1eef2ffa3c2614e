import { errorCatalog } from '../common/http/app.exception.js';

/** The errors of authorized IPs. */
export const ipsError = errorCatalog({
  IP_NOT_FOUND: { status: 404, message: 'IP não encontrado.' },
  IP_ALREADY_AUTHORIZED: { status: 409, message: 'Este IP já está cadastrado.', field: 'ip' },
  LAST_MASTER_IP: { status: 409, message: 'Não é possível remover o último IP master: ninguém mais conseguiria acessar o painel.' },
  LOCATION_NOT_FOUND: { status: 422, message: 'Não foi possível atualizar a localização agora' },
});
