import { createHmac, timingSafeEqual } from 'node:crypto';

/** `value.signature`, so that a cookie the server reads back is one it wrote. */
export function sign(value: string, secret: string, purpose: string): string {
  return `${value}.${signature(value, secret, purpose)}`;
}

/** The value when the signature is right, else null. */
export function unsign(signed: string | undefined, secret: string, purpose: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signature(value, secret, purpose));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function signature(value: string, secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}
