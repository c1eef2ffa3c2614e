import type { HttpReply, HttpRequest } from '../common/http/http.js';
import { sign, unsign } from './signed-value.js';

export const FLASH_COOKIE = 'agromaq_flash';

/** What a redirect carries to the next page: messages for `flash` and validation errors for `errors`. */
export interface FlashData {
  flash?: Record<string, unknown>;
  errors?: Record<string, unknown>;
}

/**
 * Flash data lives in a signed, HttpOnly cookie for exactly one page render: the request after a redirect
 * reads it, and the render clears it. A 409 version reload does not render, so the data survives it.
 */
export class FlashStore {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  read(req: HttpRequest): FlashData {
    const value = unsign(req.cookies?.[FLASH_COOKIE], this.secret, 'flash');
    if (!value) return {};
    try {
      return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as FlashData;
    } catch {
      return {};
    }
  }

  isPresent(req: HttpRequest): boolean {
    return req.cookies?.[FLASH_COOKIE] !== undefined;
  }

  write(res: HttpReply, data: FlashData): void {
    const value = Buffer.from(JSON.stringify(data)).toString('base64url');
    res.setCookie(FLASH_COOKIE, sign(value, this.secret, 'flash'), this.cookieOptions());
  }

  clear(res: HttpReply): void {
    res.clearCookie(FLASH_COOKIE, this.cookieOptions());
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax' as const, secure: this.secure, path: '/' };
  }
}
