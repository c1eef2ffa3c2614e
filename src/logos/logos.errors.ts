import { errorCatalog } from '../common/http/app.exception.js';
import { LOGO_SIZE_MESSAGE } from './logo-file.js';

/** The errors of logo uploads. */
export const logosError = errorCatalog({
  FILE_REQUIRED: { status: 400, message: 'Selecione um arquivo de imagem no campo file.' },
  FILE_TOO_LARGE: { status: 413, message: LOGO_SIZE_MESSAGE, field: 'file' },
  INVALID_UPLOAD: { status: 400, message: 'Não foi possível ler o arquivo enviado.' },
  INVALID_FILE: { status: 400, message: 'Arquivo inválido.', field: 'file' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'Não foi possível guardar o arquivo agora. Tente novamente em instantes.' },
});
