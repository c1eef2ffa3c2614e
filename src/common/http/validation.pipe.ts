import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationFailedException } from './app.exception.js';

const FALLBACK_MESSAGES: Record<string, string> = {
  whitelistValidation: 'Campo não permitido.',
  isDefined: 'Campo obrigatório.',
};

/** Field errors as `{field: message}`; nested fields are named with dots (`cobranca.cep`). */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      const [type, message] = Object.entries(error.constraints)[0];
      result[field] = FALLBACK_MESSAGES[type] ?? message;
    }
    if (error.children?.length) Object.assign(result, flattenValidationErrors(error.children, field));
  }
  return result;
}

/** The one validation pipe: unknown fields are refused, values are converted to the DTO's types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
