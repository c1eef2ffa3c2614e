import { randomBytes } from 'node:crypto';
import { header, type HttpReply, type HttpRequest } from '../common/http/http.js';
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
  ensure(req: HttpRequest, res: HttpReply): string {
    const current = req.cookies?.[XSRF_COOKIE] as string | undefined;
    if (current && unsign(current, this.secret, 'xsrf')) return current;
    return this.rotate(res);
  }

  /** A new token, for instance after login or logout. */
  rotate(res: HttpReply): string {
    const token = sign(randomBytes(24).toString('base64url'), this.secret, 'xsrf');
    res.setCookie(XSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: this.secure, path: '/' });
    return token;
  }

  isValid(req: HttpRequest): boolean {
    const cookie = req.cookies?.[XSRF_COOKIE] as string | undefined;
    const sent = header(req, XSRF_HEADER);
    return !!cookie && !!sent && cookie === sent && unsign(cookie, this.secret, 'xsrf') !== null;
  }
}
