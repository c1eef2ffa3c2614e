import { createHash, randomFillSync } from 'node:crypto';
import { header, type HttpReply, type HttpRequest } from '../common/http/http.js';
import { sign, unsign } from './signed-value.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** What a token is tied to when there is no session (the login page). */
const ANONYMOUS = 'anon';

/** The random part of a token, in bytes. */
const NONCE_BYTES = 24;
/**
 * Random bytes for the tokens, drawn from the system's generator for 256 tokens at a time, each byte used once:
 * every first visit to a public page gets a token, and a call to the generator per token was a tenth of the home
 * page's CPU under load.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

function nonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const value = noncePool.toString('base64url', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return value;
}

/**
 * Double-submit CSRF token in the Inertia/axios convention: a readable `XSRF-TOKEN` cookie that the client
 * echoes in `X-XSRF-TOKEN`. The token is signed, so a cookie planted by another site is not accepted, and tied to
 * the session cookie it was issued with (a digest of it inside the signature): a token picked up anonymously, or
 * under another session, is refused with that session's cookie. A new one is issued at login and logout.
 */
export class XsrfTokens {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
    /** The cookie of the session the tokens are tied to. */
    private readonly sessionCookie: string,
  ) {}

  /** Issues a token when the request has none valid for its session; returns the token in force. */
  ensure(req: HttpRequest, res: HttpReply): string {
    const current = req.cookies?.[XSRF_COOKIE] as string | undefined;
    if (current && this.boundTo(current) === this.bindingOf(this.sessionOf(req))) return current;
    return this.rotate(res, this.sessionOf(req));
  }

  /** A new token for `session` (the session cookie's value; none: anonymous), e.g. at login and logout. */
  rotate(res: HttpReply, session?: string): string {
    const token = sign(`${this.bindingOf(session)}.${nonce()}`, this.secret, 'xsrf');
    res.setCookie(XSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: this.secure, path: '/' });
    return token;
  }

  isValid(req: HttpRequest): boolean {
    const cookie = req.cookies?.[XSRF_COOKIE] as string | undefined;
    const sent = header(req, XSRF_HEADER);
    return !!cookie && !!sent && cookie === sent && this.boundTo(cookie) === this.bindingOf(this.sessionOf(req));
  }

  private sessionOf(req: HttpRequest): string | undefined {
    return (req.cookies?.[this.sessionCookie] as string | undefined) || undefined;
  }

  private bindingOf(session: string | undefined): string {
    return session ? createHash('sha256').update(session).digest('base64url').slice(0, 22) : ANONYMOUS;
  }

  /** The binding a signed token carries, or null when it is not one of ours. */
  private boundTo(token: string): string | null {
    const value = unsign(token, this.secret, 'xsrf');
    if (value === null) return null;
    const dot = value.indexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
}
