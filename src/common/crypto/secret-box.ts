import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest (AES-256-GCM, key derived from APP_KEY). The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a tampered value fails to open instead of decrypting
 * to garbage.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appKey: string) {
    this.key = createHash('sha256').update(`agromaq:secret-box:${appKey}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), encrypted].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, encrypted] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || encrypted === undefined) throw new Error('Unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  }
}
