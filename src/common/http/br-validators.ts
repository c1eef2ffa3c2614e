import { ValidateBy, type ValidationOptions } from 'class-validator';
import {
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidInscricaoEstadual,
  isValidPhone,
  isValidSiteUrl,
  onlyDigits,
} from '../../shared/br/index.js';

/** No field these rules check is near this long; longer text is refused before any pattern looks at it. */
export const MAX_CHECKED_LENGTH = 1000;

/**
 * class-validator rules over the pure Brazilian helpers of src/common/br, so the API refuses exactly what
 * the forms refuse. Each accepts only a string of reasonable length; the usual punctuation of the mask is allowed.
 */
function rule(name: string, test: (value: string) => boolean, options: ValidationOptions) {
  return ValidateBy(
    { name, validator: { validate: (value: unknown) => typeof value === 'string' && value.length <= MAX_CHECKED_LENGTH && test(value) } },
    options,
  );
}

const onlyMaskPunctuation = (value: string, punctuation: RegExp) => onlyDigits(value).length === value.replace(punctuation, '').length;

export const IsCnpj = (options: ValidationOptions) => rule('cnpj', isValidCnpj, options);
export const IsCep = (options: ValidationOptions) => rule('cep', isValidCep, options);
export const IsPhone = (options: ValidationOptions) => rule('phone', (value) => isValidPhone(value) && onlyMaskPunctuation(value, /[\s()+.-]/g), options);
export const IsInscricaoEstadual = (options: ValidationOptions) =>
  rule('inscricaoEstadual', (value) => isValidInscricaoEstadual(value.replace(/[./\-\s]/g, '')), options);
export const IsEmailAddress = (options: ValidationOptions) => rule('email', isValidEmail, options);
export const IsSiteUrl = (options: ValidationOptions) => rule('siteUrl', isValidSiteUrl, options);
export const IsCpf = (options: ValidationOptions) => rule('cpf', isValidCpf, options);
