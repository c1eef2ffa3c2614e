/** The longest address SMTP carries (RFC 5321); nothing longer is looked at. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * A basic e-mail address, the same in every form and in the API: no spaces, one '@' with
 * something before it, and a domain with a dot that has something on each side. Checked by scanning, in time
 * linear in the length (a regular expression for it backtracks quadratically on inputs like 'a@....@'), and only
 * on values of at most 254 characters.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH * 4) return false;
  const email = value.trim();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at < 1 || email.indexOf('@', at + 1) !== -1) return false;
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}
