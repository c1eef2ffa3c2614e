import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Repository } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import type { AdminRole } from './admin-role.js';
import { AdminSession } from './admin-session.entity.js';
import { Admin } from './admin.entity.js';
import { collationKey } from '../common/search-text.js';
import { LoginAttempts } from './login-limits.js';
import { InvalidCredentialsException, IpNotAuthorizedException, SessionException, TotpAlreadyUsedException } from './auth.exceptions.js';
import type { AdminView, AuthenticatedAdmin, TokenClaims } from './auth.types.js';
import { PasswordHasher } from './password-hasher.js';
import { IpAccess, type IpGrant } from './ip-access.js';

export const JWT_ALGORITHM = 'HS256';

export interface LoginResult {
  token: string;
  admin: AdminView;
  expiresAt: Date;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    @InjectRepository(AdminSession) private readonly sessions: Repository<AdminSession>,
    private readonly ips: IpAccess,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly attempts: LoginAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * DESIGN.md section 4: the request's IP must be authorized; then the account's attempts from that IP are
   * counted (LoginAttempts); then username and password; then the IP's
   * role must be the admin's; then the IP's TOTP code, which can be used once. Every failure after the IP
   * check gives the same answer, except a right password with a code already spent, which says so.
   */
  async login(input: { username: string; password: string; otp: string }, requestIp: string): Promise<LoginResult> {
    const authorizedIp = await this.ips.findByIp(requestIp);
    if (!authorizedIp) throw new IpNotAuthorizedException();

    const admin = await this.admins.findOneBy({ username: input.username.trim().toLowerCase() });
    await this.attempts.count(admin ? `admin:${admin.adminId}` : `name:${collationKey(input.username)}`, authorizedIp.ip);
    const passwordOk = admin && admin.active ? await this.hasher.verify(admin.passwordHash, input.password) : await this.hasher.verifyNothing(input.password);
    if (!admin || !passwordOk || authorizedIp.role !== admin.role) throw new InvalidCredentialsException();
    const code = await this.ips.consumeTotp(authorizedIp, input.otp.trim());
    if (code === 'used') throw new TotpAlreadyUsedException();
    if (code !== 'accepted') throw new InvalidCredentialsException();

    // Sessions that ended over a day ago are of no use to anyone: drop them as new ones are made.
    await this.sessions.delete({ expiresAt: LessThan(new Date(Date.now() - 86_400_000)) });
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.jwtExpiresIn * 1000);
    await this.sessions.insert({ jti, adminId: admin.adminId, ip: authorizedIp.ip, expiresAt, revokedAt: null });
    await this.admins.update({ adminId: admin.adminId }, { lastLoginAt: new Date() });
    await this.ips.touch(authorizedIp);
    const claims: TokenClaims = { sub: String(admin.adminId), role: admin.role, jti };
    const token = await this.jwt.signAsync(claims, { algorithm: JWT_ALGORITHM, expiresIn: this.config.jwtExpiresIn });
    return { token, admin: adminView(admin), expiresAt };
  }

  /** Ends the session a token names. A token that is malformed or not ours is ignored. */
  async revokeToken(token: string | undefined): Promise<void> {
    if (!token) return;
    try {
      const claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: [JWT_ALGORITHM], ignoreExpiration: true });
      await this.sessions.update({ jti: claims.jti, revokedAt: IsNull() }, { revokedAt: new Date() });
    } catch {
      // nothing to end
    }
  }

  /**
   * The admin behind a token, read fresh from the database on every request, so logout, deactivation
   * and the deletion of the IP take effect at once.
   */
  async authenticate(token: string, requestIp: string): Promise<{ admin: AuthenticatedAdmin; ip: IpGrant }> {
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: [JWT_ALGORITHM] });
    } catch (error) {
      throw new SessionException(error instanceof TokenExpiredError ? 'TOKEN_EXPIRED' : 'NO_AUTH');
    }
    // The session and the request's IP are read together: one wait for the database instead of two.
    const [session, ip] = await Promise.all([this.sessions.findOne({ where: { jti: claims.jti }, relations: { admin: true } }), this.ips.findByIp(requestIp)]);
    const admin = session?.admin;
    if (session?.revokedReason === 'ip_deleted') throw new SessionException('IP_REVOKED');
    if (!session || !admin || session.revokedAt || String(admin.adminId) !== claims.sub || !admin.active) throw new SessionException('NO_AUTH');
    if (new Date(session.expiresAt).getTime() <= Date.now()) throw new SessionException('TOKEN_EXPIRED');

    if (!ip || ip.role !== admin.role || (session.ip !== ip.ip && !(await this.ips.findByIp(session.ip)))) throw new SessionException('IP_REVOKED');
    return { admin: { ...adminView(admin), jti: session.jti, ipId: ip.id }, ip };
  }

  /** Creates an admin (CLI and seeds); usernames are kept in lower case. */
  async createAdmin(input: { username: string; password: string; role: AdminRole; name: string }): Promise<Admin> {
    const admin = this.admins.create({
      username: input.username.trim().toLowerCase(),
      passwordHash: await this.hasher.hash(input.password),
      role: input.role,
      name: input.name.trim(),
      active: true,
      lastLoginAt: null,
    });
    return this.admins.save(admin);
  }

  findAdminByUsername(username: string): Promise<Admin | null> {
    return this.admins.findOneBy({ username: username.trim().toLowerCase() });
  }
}

export function adminView(admin: Admin): AdminView {
  return { id: admin.adminId, username: admin.username, name: admin.name, role: admin.role };
}
