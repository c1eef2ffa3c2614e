import { HttpException } from '@nestjs/common';
import { AppException, type ErrorBody } from './app.exception.js';

export const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Sessão inválida ou expirada. Faça login novamente.',
  403: 'Acesso negado.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  408: 'A requisição demorou demais. Tente novamente.',
  409: 'A operação conflita com o estado atual dos dados.',
  413: 'A requisição é grande demais.',
  415: 'Formato de conteúdo não suportado.',
  419: 'Sua sessão expirou. Recarregue a página e tente novamente.',
  422: 'Dados inválidos.',
  429: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  500: 'Erro interno. Tente novamente mais tarde.',
  503: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
};

function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? (status >= 500 ? DEFAULT_MESSAGES[500] : DEFAULT_MESSAGES[400]);
}

/**
 * Maps anything thrown to the public error body. Only AppException messages are shown as they are (they
 * are written for users, in Portuguese); framework and library errors get the status' generic message,
 * so no English text, stack trace or SQL reaches a client.
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppException) {
    const status = error.getStatus();
    return { ...error.details, statusCode: status, code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  // body-parser errors carry a type; Nest wraps them in an HttpException whose cause is the original.
  const parserError = bodyParserError(error instanceof HttpException ? error.cause : error);
  if (parserError) return parserError;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { statusCode: status, message: defaultMessage(status) };
  }
  if (isDatabaseUnavailable(error)) return { statusCode: 503, code: 'DB_UNAVAILABLE', message: DEFAULT_MESSAGES[503] };
  const status = httpStatusOf(error);
  if (status && status < 500) return { statusCode: status, message: defaultMessage(status) };
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: DEFAULT_MESSAGES[500] };
}

function bodyParserError(error: unknown): ErrorBody | null {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (type === 'entity.parse.failed' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { statusCode: 400, code: 'INVALID_JSON', message: 'O corpo da requisição não é um JSON válido.' };
  if (type === 'entity.too.large' || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: DEFAULT_MESSAGES[413] };
  return null;
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

/** A dependency that is away (503): when to try again, in seconds (the Retry-After header). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** Driver error codes that mean the database cannot be reached right now (not that the query was wrong). */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'SQLITE_BUSY',
]);

/** A database that is down or restarting: the request may succeed again in a moment (503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, driverError, cause, fatal, message } = current as {
      code?: unknown;
      driverError?: unknown;
      cause?: unknown;
      fatal?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string' && DATABASE_DOWN.has(code)) return true;
    // mysql2 marks an error of the connection itself as fatal; a command sent on a connection the server has
    // just closed fails with no code at all, only this message.
    if (fatal === true && !code) return true;
    if (typeof message === 'string' && message.startsWith("Can't add new command when connection is in closed state")) return true;
    current = driverError ?? cause;
  }
  return false;
}

/** A write refused by a unique index (MySQL/MariaDB or SQLite): the row it would duplicate exists. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message, driverError } = current as { code?: unknown; message?: unknown; driverError?: unknown };
    if (code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
    if (typeof message === 'string' && /UNIQUE constraint failed/i.test(message.slice(0, 300))) return true;
    current = driverError;
  }
  return false;
}
