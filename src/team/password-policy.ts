import { createRequire } from 'node:module';
import { collationKey } from '../common/search-text.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/team.views.js';

/**
 * Passwords people pick first, beside the common-password list shipped in the app's dependencies
 * (@zxcvbn-ts/language-common, about 49,000 entries): words and keyboard runs of Brazilian Portuguese.
 */
const PORTUGUESE_COMMON = ['senha', 'minhasenha', 'mudar', 'trocar', 'brasil', 'agromaq', 'admin', 'administrador', 'trator', 'fazenda', 'agro'];

let commonPasswords: Set<string> | null = null;

/** The list, read once on first use (it is only needed when a password is set). */
function commonList(): Set<string> {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    commonPasswords = new Set([...dictionary['passwords-common'], ...PORTUGUESE_COMMON].map((word) => word.toLowerCase()));
  }
  return commonPasswords;
}

/**
 * Whether a password is, or is a common password padded with digits and symbols ('Senha@2026!', 'password1234'):
 * compared without case or accents, the whole of it and what is left once digits and symbols are cut off
 * both ends.
 */
export function isCommonPassword(password: string): boolean {
  const folded = collationKey(password.slice(0, PASSWORD_MAX_LENGTH));
  const core = folded.replace(/^[\d\W_]+|[\d\W_]+$/gu, '');
  const list = commonList();
  return list.has(folded) || (core.length > 0 && list.has(core)) || /^(.)\1+$/u.test(folded) || /^\d+$/.test(folded);
}

/**
 * The admin password rule (the screen shows PASSWORD_RULES_TEXT): 12 to 128 characters, not containing the
 * username (without case or accents), not a common password. The first problem, in Portuguese, or null.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  const name = collationKey(username);
  if (name.length > 0 && collationKey(password).includes(name)) return 'A senha não pode conter o nome de usuário.';
  if (isCommonPassword(password)) return 'Esta senha é muito comum. Escolha outra.';
  return null;
}
