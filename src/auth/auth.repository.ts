import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { plainQuery } from '../common/sql/plain-query.js';
import type { AdminRole } from './admin-role.js';
import { AdminSession } from './admin-session.entity.js';

/** What the authorization statement answers (column names as the database spells them). */
export interface SessionRow {
  jti: string;
  admin_id: number;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  revoked_reason: string | null;
  active_at: Date | string | null;
  confirmed_at: Date | string | null;
  created_at: Date | string;
  username: string;
  name: string;
  role: AdminRole;
  active: number | boolean;
  grant_id: number | null;
  grant_ip: string | null;
  grant_role: string | null;
  session_ip_grant: number | null;
}

const SESSION_SQL = `SELECT s.jti, s.admin_id, s.expires_at, s.revoked_at, s.revoked_reason, s.active_at, s.confirmed_at, s.created_at,
  a.username, a.name, a.role, a.active,
  g.id AS grant_id, g.ip AS grant_ip, g.role AS grant_role, o.id AS session_ip_grant
FROM admin_sessions s
JOIN admins a ON a.admin_id = s.admin_id
LEFT JOIN authorized_ips g ON g.ip = ?
LEFT JOIN authorized_ips o ON o.ip = s.ip
WHERE s.jti = ?`;

/** A database datetime parameter: 'YYYY-MM-DD HH:MM:SS.sss' in UTC, as TypeORM writes them on both databases. */
function databaseTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The admin sessions' SQL: the statements every authenticated request runs. Plain statements, not a query
 * builder's, as they run on every request.
 */
@Injectable()
export class AuthRepository {
  constructor(@InjectRepository(AdminSession) private readonly sessions: Repository<AdminSession>) {}

  /**
   * A request's authorization in one round trip: the session, its admin, the grant of the request's address
   * and whether the session's own address is still granted, by primary and unique keys.
   */
  async sessionWithGrants(jti: string, requestIp: string): Promise<SessionRow | undefined> {
    const rows = await plainQuery<SessionRow>(this.sessions.manager.connection, SESSION_SQL, [requestIp, jti]);
    return rows[0];
  }

  /** Writes a session's last_seen_at. */
  async markSeen(jti: string, now: number): Promise<void> {
    await plainQuery(this.sessions.manager.connection, 'UPDATE admin_sessions SET last_seen_at = ? WHERE jti = ?', [databaseTime(now), jti]);
  }

  /** Writes a session's last_seen_at, and its active_at when that is older than `activeBefore` (only ever forward). */
  async markSeenAndActive(jti: string, now: number, activeBefore: number): Promise<void> {
    await plainQuery(
      this.sessions.manager.connection,
      'UPDATE admin_sessions SET last_seen_at = ?, active_at = CASE WHEN active_at IS NULL OR active_at <= ? THEN ? ELSE active_at END WHERE jti = ?',
      [databaseTime(now), databaseTime(activeBefore), databaseTime(now), jti],
    );
  }
}
