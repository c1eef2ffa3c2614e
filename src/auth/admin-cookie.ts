import type { HttpReply, HttpRequest } from '../common/http/http.js';
import type { AppConfig } from '../config/app-config.js';

/**
 * The session cookie a page visit carries (it cannot send a Bearer header). With HTTPS in production it is
 * `__Host-` prefixed and Secure, so no subdomain or plain-HTTP page can set or read it.
 */
export class AdminCookie {
  readonly name: string;
  private readonly secure: boolean;

  constructor(config: AppConfig) {
    this.secure = config.env === 'production' && config.appUrl.startsWith('https://');
    this.name = this.secure ? '__Host-agromaq_admin' : 'agromaq_admin';
  }

  read(req: HttpRequest): string | undefined {
    const value = req.cookies?.[this.name] as string | undefined;
    return value || undefined;
  }

  write(res: HttpReply, token: string, expiresAt: Date): void {
    res.setCookie(this.name, token, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/', expires: expiresAt });
  }

  clear(res: HttpReply): void {
    res.clearCookie(this.name, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
  }
}
