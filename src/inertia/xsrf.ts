import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { sign, unsign } from './signed-value.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Double-submit CSRF token in the Inertia/axios convention: a readable `XSRF-TOKEN` cookie that the client
 * echoes in `X-XSRF-TOKEN`. The token is signed, so a cookie planted by another site is not accepted.
 */
export class XsrfTokens {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** Issues a token when the request has no valid one; returns the token in force. */
  ensure(req: Request, res: Response): string {
    const current = req.cookies?.[XSRF_COOKIE] as string | undefined;
    if (current && unsign(current, this.secret, 'xsrf')) return current;
    return this.rotate(res);
  }

  /** A new token, for instance after login or logout. */
  rotate(res: Response): string {
    const token = sign(randomBytes(24).toString('base64url'), this.secret, 'xsrf');
    res.cookie(XSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: this.secure, path: '/' });
    return token;
  }

  isValid(req: Request): boolean {
    const cookie = req.cookies?.[XSRF_COOKIE] as string | undefined;
    const header = req.get(XSRF_HEADER);
    return !!cookie && !!header && cookie === header && unsign(cookie, this.secret, 'xsrf') !== null;
  }
}
