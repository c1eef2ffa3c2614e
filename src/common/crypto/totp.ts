import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 codes: 30-second steps, 6 digits, SHA-1, as every authenticator app reads them. */
export const TOTP_STEP_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret(); // 20 random bytes, base32
}

/**
 * The time step of a valid code, accepting one step before and after the current one; null when the code
 * is wrong. Whether the step was already spent is the caller's to check.
 */
export async function verifyTotp(secret: string, token: string): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({ secret, token, epochTolerance: TOTP_STEP_SECONDS });
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

export function currentTotp(secret: string): Promise<string> {
  return generate({ secret });
}

export function totpUri(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret });
}

export function totpQrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

export function totpQrTerminal(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'terminal', small: true });
}
