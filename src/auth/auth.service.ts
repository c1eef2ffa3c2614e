import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Repository } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import type { AdminRole } from './admin-role.js';
import { AuthorizationCache } from './authorization-cache.js';
import { AuthRepository, type SessionRow } from './auth.repository.js';
import { AdminSession } from './admin-session.entity.js';
import { Admin } from './admin.entity.js';
import { collationKey } from '../common/search-text.js';
import { LoginAttempts } from './login-limits.js';
import {
  InvalidCredentialsException,
  IpNotAuthorizedException,
  SessionException,
  StepUpRefusedException,
  TotpAlreadyUsedException,
} from './auth.exceptions.js';
import type { SessionRules, SessionStateView } from '../shared/session.views.js';
import type { SessionEnd } from './session-end.js';
import type { AdminView, AuthenticatedAdmin, TokenClaims } from './auth.types.js';
import { PasswordHasher } from './password-hasher.js';
import { IpAccess, type IpGrant } from './ip-access.js';
import { AccountEvents } from './account-events.js';
import { normalizeIp } from '../common/http/ip-address.js';
import { BoundedCache } from '../common/bounded-cache.js';

export const JWT_ALGORITHM = 'HS256';

/** A datetime column read by a plain statement: a Date from MySQL (UTC), a 'YYYY-MM-DD HH:MM:SS' text from SQLite (UTC). */
function databaseDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}

export interface LoginResult {
  token: string;
  admin: AdminView;
  expiresAt: Date;
}

/** A session's last_seen_at (and its active_at, at most) is written at most this often. */
const SEEN_WRITE_INTERVAL_MS = 60_000;

/** How many verified tokens are kept (each is a few hundred bytes). */
const VERIFIED_TOKENS = 1000;

@Injectable()
export class AuthService {
  private readonly verifiedTokens = new BoundedCache<string, TokenClaims & { exp: number }>(VERIFIED_TOKENS);
  private readonly sessionWrites = new BoundedCache<string, number>(VERIFIED_TOKENS);
  /** Each session's last request made by the person on this instance, and when its active_at was last written. */
  private readonly activity = new BoundedCache<string, { at: number; written: number }>(VERIFIED_TOKENS);
  /**
   * How often active_at is written: once a minute, or a quarter of the idle time when that is shorter, so what
   * another instance reads is never older than that when it decides a session is idle.
   */
  private readonly activityWriteMs: number;
  private readonly idleMs: number;

  constructor(
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    @InjectRepository(AdminSession) private readonly sessions: Repository<AdminSession>,
    private readonly repository: AuthRepository,
    private readonly ips: IpAccess,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly attempts: LoginAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authorizations: AuthorizationCache,
    // Optional: the CLI's standalone services log nobody in.
    @Optional() @Inject(AccountEvents) private readonly accountEvents: AccountEvents | null = null,
  ) {
    this.idleMs = config.sessionIdleMinutes * 60_000;
    this.activityWriteMs = Math.min(SEEN_WRITE_INTERVAL_MS, this.idleMs / 4);
  }

  /**
   * The request's IP must be authorized; then the account's attempts from that IP are
   * counted (LoginAttempts); then username and password; then the IP's
   * role must be the admin's; then the IP's TOTP code, which can be used once. Every failure after the IP
   * check gives the same answer, except a right password with a code already spent, which says so.
   */
  async login(input: { username: string; password: string; otp: string }, requestIp: string, userAgent: string | null = null): Promise<LoginResult> {
    const authorizedIp = await this.ips.findByIp(requestIp);
    if (!authorizedIp) throw new IpNotAuthorizedException();

    // Matched without case or accents, as usernames are unique (username_key).
    const admin = await this.admins.findOneBy({ usernameKey: collationKey(input.username).slice(0, 60) });
    await this.attempts.count(admin ? `admin:${admin.adminId}` : `name:${collationKey(input.username)}`, authorizedIp.ip);
    // An account waiting for its password link has no password; it fails in the time a real check takes.
    const usable = admin && admin.active && admin.passwordHash !== '';
    const passwordOk = usable ? await this.hasher.verify(admin.passwordHash, input.password) : await this.hasher.verifyNothing(input.password);
    if (!admin || !passwordOk || authorizedIp.role !== admin.role) throw new InvalidCredentialsException();
    const code = await this.ips.consumeTotp(authorizedIp, input.otp.trim());
    if (code === 'used') throw new TotpAlreadyUsedException();
    if (code !== 'accepted') throw new InvalidCredentialsException();

    // Sessions that ended over a day ago are of no use to anyone: drop them as new ones are made.
    await this.sessions.delete({ expiresAt: LessThan(new Date(Date.now() - 86_400_000)) });
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.jwtExpiresIn * 1000);
    const now = new Date();
    await this.sessions.insert({
      jti,
      adminId: admin.adminId,
      ip: authorizedIp.ip,
      expiresAt,
      revokedAt: null,
      userAgent: userAgent?.slice(0, 255) || null,
      // The login is the person's activity and a 2FA confirmation.
      activeAt: now,
      confirmedAt: now,
    });
    await this.admins.update({ adminId: admin.adminId }, { lastLoginAt: new Date(), lastLoginIp: authorizedIp.ip });
    await this.ips.touch(authorizedIp);
    // The account's activity and its alert on a new address; it never rejects, so it never fails the login.
    await this.accountEvents?.loggedIn(admin.adminId, authorizedIp.ip, userAgent);
    const claims: TokenClaims = { sub: String(admin.adminId), role: admin.role, jti };
    const token = await this.jwt.signAsync(claims, { algorithm: JWT_ALGORITHM, expiresIn: this.config.jwtExpiresIn });
    return { token, admin: adminView(admin), expiresAt };
  }

  /** Ends the session a token names. A token that is malformed or not ours is ignored. */
  async revokeToken(token: string | undefined): Promise<void> {
    if (!token) return;
    try {
      const claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: [JWT_ALGORITHM], ignoreExpiration: true });
      await this.sessions.update({ jti: claims.jti, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: 'logout', revokedBy: Number(claims.sub) });
    } catch {
      // nothing to end
    }
  }

  /**
   * How the session a token names was ended (logged out, ended by a master, …), for the login page to say; null
   * when the token is not ours or its session was not ended (open, expired or idle, which the page says by itself).
   * The token's signature is checked, so only the session's own browser learns it.
   */
  async endOf(token: string | undefined): Promise<SessionEnd | null> {
    if (!token || token.length > 4096) return null;
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: [JWT_ALGORITHM], ignoreExpiration: true });
    } catch {
      return null;
    }
    const session = await this.sessions.findOneBy({ jti: claims.jti });
    if (!session?.revokedAt || String(session.adminId) !== claims.sub) return null;
    const owner = await this.admins.findOneBy({ adminId: session.adminId });
    if (!owner) return null;
    const bySelf = session.revokedBy === session.adminId;
    const by = session.revokedBy !== null && !bySelf ? await this.admins.findOneBy({ adminId: session.revokedBy }) : null;
    return { reason: session.revokedReason, at: new Date(session.revokedAt), bySelf, byName: by?.name ?? null, role: owner.role };
  }

  /**
   * The admin behind a token: the session, its admin and the address grants, read from the database or kept
   * from a recent request (AuthorizationCache: any change to them through the app, on any instance, drops what
   * is kept, so logout, deactivation and the deletion of the IP take effect at the next request). A kept row
   * is checked exactly as a fresh one.
   */
  async authenticate(token: string, requestIp: string): Promise<{ admin: AuthenticatedAdmin; ip: IpGrant }> {
    const claims = await this.verifiedClaims(token);
    const address = normalizeIp(requestIp) ?? '';
    const key = `${claims.jti}|${address}`;
    let row = this.authorizations.get<SessionRow>(key);
    const fresh = !row;
    const generation = this.authorizations.current;
    row ??= await this.repository.sessionWithGrants(claims.jti, address);
    if (row?.revoked_reason === 'ip_deleted') throw new SessionException('IP_REVOKED');
    if (!row || row.revoked_at !== null || String(row.admin_id) !== claims.sub || !Number(row.active)) throw new SessionException('NO_AUTH');
    const now = Date.now();
    const expiresAt = databaseDate(row.expires_at).getTime();
    if (expiresAt <= now) throw new SessionException('TOKEN_EXPIRED');
    // Idle: no request made by the person for SESSION_IDLE_MINUTES, as the database (every instance's writes,
    // at most activityWriteMs old) or this instance's own memory knows it, whichever is later.
    const activeAt = Math.max(databaseDate(row.active_at ?? row.created_at).getTime(), this.activity.get(row.jti)?.at ?? 0);
    if (now - activeAt >= this.idleMs) throw new SessionException('SESSION_IDLE');

    // The request's address must be authorized for the admin's role, and the address the session began from
    // must still be authorized (it was deleted: every session from it ends).
    if (row.grant_id === null || row.grant_role !== row.role || row.session_ip_grant === null) throw new SessionException('IP_REVOKED');
    const ip: IpGrant = { id: Number(row.grant_id), ip: row.grant_ip!, role: row.grant_role as AdminRole };
    const admin: AuthenticatedAdmin = {
      id: Number(row.admin_id),
      username: row.username,
      name: row.name,
      role: row.role,
      jti: row.jti,
      ipId: ip.id,
      confirmedAt: databaseDate(row.confirmed_at ?? row.created_at).getTime(),
      activeAt,
      expiresAt,
    };
    if (fresh) this.authorizations.set(key, row, generation);
    return { admin, ip };
  }

  /**
   * The claims of a token whose signature was checked. A token cannot change, so its signature is checked
   * once and its claims kept (a few hundred staff tokens at most); its expiry is checked on every use.
   */
  private async verifiedClaims(token: string): Promise<TokenClaims> {
    const known = this.verifiedTokens.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) throw new SessionException('TOKEN_EXPIRED');
      return known;
    }
    try {
      const claims = await this.jwt.verifyAsync<TokenClaims & { exp: number }>(token, { algorithms: [JWT_ALGORITHM] });
      this.verifiedTokens.set(token, claims);
      return claims;
    } catch (error) {
      throw new SessionException(error instanceof TokenExpiredError ? 'TOKEN_EXPIRED' : 'NO_AUTH');
    }
  }

  /**
   * Records that a session was used now: last_seen_at at most once a minute per session and instance; with
   * `activity` (a request made by the person: not the event stream, not an automatic refresh) also active_at, at
   * most once per activityWriteMs per session whichever instance writes it (the statement only moves it forward
   * once it is that old). Plain statements: they change nothing an authorization depends on, so they do not drop
   * the kept authorizations.
   */
  async touchSession(jti: string, activity = false): Promise<void> {
    const now = Date.now();
    const seenDue = now - (this.sessionWrites.get(jti) ?? 0) >= SEEN_WRITE_INTERVAL_MS;
    let activeDue = false;
    if (activity) {
      const written = this.activity.get(jti)?.written ?? 0;
      activeDue = now - written >= this.activityWriteMs;
      this.activity.set(jti, { at: now, written: activeDue ? now : written });
    }
    if (!seenDue && !activeDue) return;
    this.sessionWrites.set(jti, now);
    if (activeDue) await this.repository.markSeenAndActive(jti, now, now - this.activityWriteMs);
    else await this.repository.markSeen(jti, now);
  }

  /**
   * A confirmation of identity for the sensitive actions (STEP_UP_MINUTES): the code of the request's authorized
   * IP, spent like at login (a code is good once) and counted in the same per-account limit. A repository write,
   * so every instance drops the authorization it keeps and sees the confirmation at its next request.
   */
  async confirmIdentity(admin: AuthenticatedAdmin, requestIp: string, otp: string): Promise<Date> {
    const grant = await this.ips.findByIp(requestIp);
    if (!grant) throw new SessionException('IP_REVOKED');
    await this.attempts.count(`admin:${admin.id}`, grant.ip);
    const code = await this.ips.consumeTotp(grant, otp.trim());
    if (code !== 'accepted') throw new StepUpRefusedException(code === 'used');
    const now = new Date();
    await this.sessions.update({ jti: admin.jti }, { confirmedAt: now });
    return now;
  }

  /** The session's timing as GET /api/admin/sessao tells it (ISO instants). */
  sessionState(admin: AuthenticatedAdmin): SessionStateView {
    return {
      inativaEm: new Date(admin.activeAt + this.idleMs).toISOString(),
      confirmadaAte: new Date(admin.confirmedAt + this.config.stepUpMinutes * 60_000).toISOString(),
      expiraEm: new Date(admin.expiresAt).toISOString(),
      regras: sessionRules(this.config),
    };
  }

  /** Whether a session's last 2FA confirmation still opens the sensitive actions. */
  confirmedRecently(admin: AuthenticatedAdmin): boolean {
    return Date.now() - admin.confirmedAt < this.config.stepUpMinutes * 60_000;
  }
}

/** The session rules every admin page is told (the idle warning, the step-up dialog). */
export function sessionRules(config: AppConfig): SessionRules {
  return { inatividadeMinutos: config.sessionIdleMinutes, confirmacaoMinutos: config.stepUpMinutes };
}

export function adminView(admin: Admin): AdminView {
  return { id: admin.adminId, username: admin.username, name: admin.name, role: admin.role };
}
