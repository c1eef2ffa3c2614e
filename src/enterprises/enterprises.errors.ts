import { errorCatalog } from '../common/http/app.exception.js';

/** The errors of companies. */
export const enterprisesError = errorCatalog({
  ENTERPRISE_NOT_FOUND: { status: 404, message: 'Empresa não encontrada.' },
  CNPJ_ALREADY_REGISTERED: { status: 409, message: 'Já existe uma empresa cadastrada com este CNPJ.', field: 'cnpj' },
});
