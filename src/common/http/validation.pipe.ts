import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { BoundedCache } from '../bounded-cache.js';
import { ValidationFailedException } from './app.exception.js';
import { cleanTextInput, flattenSingleLine } from './clean-text.js';

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

/** The longest query string whose checked result is remembered. */
const REMEMBERED_QUERY_MAX = 512;
/** Checked query strings remembered per DTO class. */
const REMEMBERED_QUERIES = 500;
const DAY_MS = 86_400_000;
/** São Paulo is UTC−3 all year (no daylight saving time since 2019). */
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/**
 * The validation pipe, remembering the result of a query string it accepted: a list's page is asked again and
 * again with the same few query strings, and checking one costs more than reading its page. The result is the
 * same instance each time, frozen, so no caller can change what another one gets. A query string that breaks a
 * rule is checked every time (its error is built anew), and what is remembered is forgotten each São Paulo day,
 * so a rule about "today" is never answered from another day.
 */
class RememberingValidationPipe extends ValidationPipe {
  private readonly accepted = new WeakMap<object, BoundedCache<string, unknown>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A path parameter is read by its own pipe (IdPipe) from the text as sent: converted here first, `1e1` would
    // reach it as 10.
    if (metadata.type === 'param') return value;
    const type = metadata.metatype;
    if (metadata.type !== 'query' || !type || typeof value !== 'object' || value === null) return super.transform(this.clean(value, metadata), metadata);
    // Remembered by the query as sent: one accepted before was clean text then and is the same now.
    const key = `${Math.floor((Date.now() - SAO_PAULO_OFFSET_MS) / DAY_MS)}|${JSON.stringify(value)}`;
    if (key.length > REMEMBERED_QUERY_MAX) return super.transform(this.clean(value, metadata), metadata);
    let perType = this.accepted.get(type);
    if (!perType) this.accepted.set(type, (perType = new BoundedCache(REMEMBERED_QUERIES)));
    const known = perType.get(key);
    if (known !== undefined) return known;
    const checked = Object.freeze(await super.transform(this.clean(value, metadata), metadata));
    perType.set(key, checked);
    return checked;
  }

  /** A body's or a query's text under the text rule (cleanTextInput), refused with its problems. */
  private clean(value: unknown, metadata: ArgumentMetadata): unknown {
    if ((metadata.type !== 'body' && metadata.type !== 'query') || value === null || typeof value !== 'object') return value;
    const clean = cleanTextInput(value, metadata.metatype);
    if (Object.keys(clean.problems).length > 0) throw new ValidationFailedException(clean.problems);
    return clean.value;
  }
}

/** The one validation pipe: unknown fields are refused, values are converted to the DTO's types. */
export function createValidationPipe(): ValidationPipe {
  return new RememberingValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}

/** Values checked and converted by a DTO's rules outside a request (a restore goes through the form's rules). */
export async function validatedInput<T extends object>(type: new () => T, value: Record<string, unknown>): Promise<T> {
  const plain = flattenSingleLine(Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)), type);
  // One pipe for every call (an import checks thousands of rows): it keeps nothing between bodies.
  outsidePipe ??= createValidationPipe();
  return (await outsidePipe.transform(plain, { type: 'body', metatype: type })) as T;
}

let outsidePipe: ValidationPipe | undefined;
