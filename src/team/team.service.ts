import { validatedInput } from '../common/http/validation.pipe.js';
import { UpdateAdminInput } from './dto/team.input.js';
import { HistoryService } from '../history/history.service.js';
import { SYSTEM_CHANGE, type ChangeContext, type ChangeRequest } from '../history/change-context.js';
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor.js';
import { AuditService } from '../audit/audit.service.js';
import type { AdminRole } from '../auth/admin-role.js';
import { AdminSession, type SessionRevokedReason } from '../auth/admin-session.entity.js';
import { Admin } from '../auth/admin.entity.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { TooManyLoginAttemptsException } from '../auth/login-limits.js';
import { ValidationFailedException } from '../common/http/app.exception.js';
import { isUniqueViolation } from '../common/http/error-body.js';
import { hitKeyedLimit } from '../common/http/rate-limit.js';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { collationKey } from '../common/search-text.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { adminPasswordLinkMail } from '../mail/templates.js';
import type { AuditAction } from '../shared/audit-actions.js';
import {
  INVITE_TTL_HOURS,
  type AdminSessionView,
  type InviteLink,
  type TeamCounts,
  type TeamMemberStatus,
  type TeamMemberView,
  type TeamPage,
  type TeamStatusFilter,
} from '../shared/team.views.js';
import { AdminLink, type AdminLinkPurpose } from './admin-link.entity.js';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from './dto/team.input.js';
import { passwordProblem } from './password-policy.js';
import { teamError } from './team.errors.js';
import { TeamRepository } from './team.repository.js';
import { describeUserAgent } from './user-agent.js';
import { AccountAlertsService } from './account-alerts.service.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Password changes on the profile, right or wrong: 5 per 15 minutes per admin (on every instance, with Redis). */
const PASSWORD_CHECKS = { ttl: 15 * 60_000, limit: 5 };

export interface NewAdmin {
  username: string;
  nome: string;
  email?: string | null;
  role: AdminRole;
  /** Set at once (the CLI, seeds); without it the admin is invited and gets a one-time link. */
  password?: string;
}

export interface AdminChanges {
  nome?: string;
  email?: string | null;
  role?: AdminRole;
  ativo?: boolean;
}

function memberStatus(admin: Admin): TeamMemberStatus {
  if (!admin.active) return 'inativo';
  return admin.passwordHash === '' ? 'convite' : 'ativo';
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * The back office's own people: invitations and password links, edits, roles, deactivation, sessions and the
 * profile. One service for the team screen, the profile and the CLI that makes a deployment's first master.
 * Every change that should end an admin's sessions revokes them through the sessions table, which the
 * authorization cache watches, so the next request on any instance is refused.
 */
@Injectable()
export class TeamService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly history: HistoryService,
    private readonly repository: TeamRepository,
    // Named, since a union type carries no metadata for injection; absent in the CLI, which mails and audits nothing.
    @Optional() @Inject(MailService) private readonly mail: MailService | null = null,
    @Optional() @Inject(AuditService) private readonly audit: AuditService | null = null,
    @Optional() @InjectThrottlerStorage() private readonly throttle: ThrottlerStorage | null = null,
    // The account's activity list and security alerts; absent in the CLI too.
    @Optional() @Inject(AccountAlertsService) private readonly alerts: AccountAlertsService | null = null,
  ) {
    history.register('admin', {
      view: (id) => this.member(id),
      restore: async (id, values, change) => {
        // The username is the login: it is never changed here, so an entry's old username is not put back.
        const input = await validatedInput(UpdateAdminInput, {
          ...(values.name !== undefined ? { nome: values.name } : {}),
          ...(values.email !== undefined ? { email: values.email } : {}),
          ...(values.role !== undefined ? { role: values.role } : {}),
          ...(values.active !== undefined ? { ativo: Boolean(Number(values.active)) } : {}),
        });
        const actor = { adminId: change.context.actorId ?? 0, adminUsername: change.context.actorName, ip: null };
        return this.update(id, input, actor, change);
      },
    });
  }

  /** Who the history records as making a change: the request's own context, or the acting admin (a form), or the system. */
  private static context(actor: AuditActor | null, change?: ChangeRequest): ChangeContext {
    return (
      change?.context ??
      (actor?.adminId ? { actorId: actor.adminId, actorName: actor.adminName || actor.adminUsername, source: 'formulario' } : SYSTEM_CHANGE.context)
    );
  }

  private get admins() {
    return this.dataSource.getRepository(Admin);
  }

  private get sessions() {
    return this.dataSource.getRepository(AdminSession);
  }

  private get links() {
    return this.dataSource.getRepository(AdminLink);
  }

  async list(filters: { status?: TeamStatusFilter; busca?: string; page?: number; pageSize?: number }): Promise<TeamPage> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const busca = filters.busca?.trim().slice(0, 100);
    const [rows, total] = await this.repository.page(filters.status ?? 'todos', busca || undefined, page, pageSize);
    const open = await this.openSessionCounts(rows.map((row) => row.adminId));
    return { data: rows.map((row) => this.view(row, open.get(row.adminId) ?? 0)), total, page, pageSize };
  }

  /** How many admins each status filter shows. */
  async counts(): Promise<TeamCounts> {
    const { todos, inativos, convite } = await this.repository.counts();
    return { todos, ativos: todos - inativos - convite, inativos, convite };
  }

  async member(id: number): Promise<TeamMemberView> {
    const admin = await this.found(id);
    return this.view(admin, (await this.openSessionCounts([id])).get(id) ?? 0);
  }

  /**
   * A new admin: with a password (the CLI's first master), or invited, with a one-time link shown once to the
   * master and e-mailed when an e-mail is given. `policy: false` only for development seeds and fixtures that
   * predate the password rule.
   */
  async create(
    input: NewAdmin,
    actor: AuditActor | null,
    options: { policy?: boolean } = {},
    change?: ChangeRequest,
  ): Promise<{ admin: TeamMemberView; convite: InviteLink | null }> {
    const username = input.username.trim().toLowerCase();
    if (!USERNAME_PATTERN.test(username.slice(0, 61))) throw new ValidationFailedException({ username: USERNAME_MESSAGE });
    const usernameKey = collationKey(username).slice(0, 60);
    if (input.password !== undefined && options.policy !== false) this.checkPassword(input.password, username, 'senha');
    const passwordHash = input.password === undefined ? '' : await this.hasher.hash(input.password);
    const { admin, convite } = await this.history
      .run(TeamService.context(actor, change), async (manager) => {
        if (await manager.getRepository(Admin).existsBy({ usernameKey })) throw teamError('USERNAME_TAKEN');
        const created = await manager.getRepository(Admin).save(
          manager.getRepository(Admin).create({
            username,
            usernameKey,
            email: input.email?.trim() || null,
            passwordHash,
            role: input.role,
            name: input.nome.trim(),
            active: true,
            lastLoginAt: null,
            lastLoginIp: null,
          }),
        );
        const link = input.password === undefined ? await this.makeLink(manager, created, 'convite', actor?.adminId ?? null) : null;
        return { admin: created, convite: link };
      })
      .catch((error: unknown) => {
        // Two invitations of one username at once: the unique key refuses the second.
        if (isUniqueViolation(error)) throw teamError('USERNAME_TAKEN');
        throw error;
      });
    if (convite) this.mailLink(admin, convite, 'convite');
    await this.record(actor, 'team.invite', admin.adminId, {
      alteracoes: { username: [null, admin.username], name: [null, admin.name], email: [null, admin.email], role: [null, admin.role] },
      operacao: 'criacao',
    });
    return { admin: this.view(admin, 0), convite };
  }

  /** How many authorized addresses serve a role (none: its admins cannot log in until one is added). */
  ipsServing(role: AdminRole): Promise<number> {
    return this.repository.ipsServing(role);
  }

  async findByUsername(username: string): Promise<Admin | null> {
    return this.admins.findOneBy({ usernameKey: collationKey(username).slice(0, 60) });
  }

  /**
   * Edits a colleague. A role change or a deactivation ends every session of that admin; nobody changes their
   * own role or deactivates themselves; the last active master is neither deactivated nor demoted (checked
   * under a lock on the masters' rows, so two masters demoting each other at once cannot both succeed).
   * Links die with the authority behind them: any change of role or of the active flag spends the unused links
   * the admin made, and a deactivation, a demotion or a reactivation also spends the unused links addressed to
   * the admin, so a reactivated admin needs a fresh link.
   */
  async update(id: number, changes: AdminChanges, actor: AuditActor & { adminId: number }, change?: ChangeRequest): Promise<TeamMemberView> {
    const self = id === actor.adminId;
    const entries: { action: AuditAction; summary: Record<string, unknown> }[] = [];
    let roleChange = null as { from: AdminRole; to: AdminRole } | null;
    await this.history.run(TeamService.context(actor, change), async (manager) => {
      await this.history.lockVersion(manager, 'admin', id, change?.expected);
      const repository = manager.getRepository(Admin);
      const admin = await repository.findOneBy({ adminId: id });
      if (!admin) throw teamError('ADMIN_NOT_FOUND');
      const roleChanges = changes.role !== undefined && changes.role !== admin.role;
      const deactivates = changes.ativo === false && admin.active;
      const reactivates = changes.ativo === true && !admin.active;
      if (self && (roleChanges || deactivates)) throw teamError('OWN_ACCOUNT');
      if (admin.role === 'master' && admin.active && (roleChanges || deactivates)) await this.keepAMaster(manager, admin.adminId);

      const fields: Record<string, { de: unknown; para: unknown }> = {};
      if (changes.nome !== undefined && changes.nome.trim() !== admin.name) fields.nome = { de: admin.name, para: changes.nome.trim() };
      if (changes.email !== undefined && (changes.email?.trim() || null) !== admin.email)
        fields.email = { de: admin.email, para: changes.email?.trim() || null };
      const update: Partial<Admin> = {};
      if (fields.nome) update.name = fields.nome.para as string;
      if (fields.email) update.email = fields.email.para as string | null;
      if (roleChanges) update.role = changes.role;
      if (deactivates || reactivates) update.active = !deactivates;
      // Deactivation revokes its sessions in the database itself (trigger of the LastingRevocation migration);
      // they are ended here first, so each keeps the master who ended it.
      if (deactivates) await this.revoke(manager, id, 'admin_inactive', actor.adminId);
      if (Object.keys(update).length > 0) await repository.update({ adminId: id }, update);
      if (roleChanges) await this.revoke(manager, id, 'role_changed', actor.adminId);
      if (roleChanges || deactivates || reactivates) {
        const demotes = roleChanges && admin.role === 'master';
        await this.spendLinks(manager, id, { madeBy: true, addressedTo: deactivates || reactivates || demotes });
      }

      // Each entry keeps its fields as a change of the admin's record (AuditChangeSummary, the history's columns).
      const changed = (alteracoes: Record<string, unknown[]>) => ({ alteracoes, operacao: 'alteracao' });
      const edited: Record<string, unknown[]> = {};
      if (fields.nome) edited.name = [fields.nome.de, fields.nome.para];
      if (fields.email) edited.email = [fields.email.de, fields.email.para];
      if (Object.keys(edited).length > 0) entries.push({ action: 'team.update', summary: changed(edited) });
      if (roleChanges) entries.push({ action: 'team.role', summary: changed({ role: [admin.role, changes.role] }) });
      if (roleChanges) roleChange = { from: admin.role, to: changes.role! };
      if (deactivates) entries.push({ action: 'team.deactivate', summary: changed({ active: [true, false] }) });
      if (reactivates) entries.push({ action: 'team.reactivate', summary: changed({ active: [false, true] }) });
    });
    for (const entry of entries) await this.record(actor, entry.action, id, entry.summary);
    if (roleChange) await this.alerts?.roleChanged(id, roleChange.from, roleChange.to, actor);
    return this.member(id);
  }

  /**
   * "Gerar novo link de senha": the password stops working at once, the sessions end, earlier links die, and a
   * new one-time link is made (shown once, e-mailed when the admin has an e-mail).
   */
  async newPasswordLink(id: number, actor: AuditActor & { adminId: number }, change?: ChangeRequest): Promise<InviteLink> {
    if (id === actor.adminId) throw teamError('OWN_ACCOUNT');
    const { admin, link } = await this.history.run(TeamService.context(actor, change), async (manager) => {
      const admin = await manager.getRepository(Admin).findOneBy({ adminId: id });
      if (!admin) throw teamError('ADMIN_NOT_FOUND');
      if (!admin.active) throw teamError('ADMIN_INACTIVE');
      await manager.getRepository(Admin).update({ adminId: id }, { passwordHash: '' });
      await this.revoke(manager, id, 'password_link', actor.adminId);
      return { admin, link: await this.makeLink(manager, admin, 'senha', actor.adminId) };
    });
    this.mailLink(admin, link, 'senha');
    await this.record(actor, 'team.password_link', id, { enviado_para: admin.email });
    return link;
  }

  /** What the page at a link shows before the password is typed: whether it can still be used, and for whom. */
  async linkState(token: string): Promise<{ valido: boolean; nome: string | null; username: string | null }> {
    const found = await this.usableLink(this.dataSource.manager, token);
    return found ? { valido: true, nome: found.admin.name, username: found.admin.username } : { valido: false, nome: null, username: null };
  }

  /**
   * Sets the password of the link's admin and spends the link, at most once even when two requests race. The
   * link's admin must still be active and its creator still an active master, read again in the transaction.
   */
  async acceptLink(token: string, password: string, ip: string | null): Promise<void> {
    const found = await this.usableLink(this.dataSource.manager, token.slice(0, 200));
    if (!found) throw teamError('INVITE_INVALID');
    this.checkPassword(password, found.admin.username, 'senha');
    const passwordHash = await this.hasher.hash(password);
    const self: ChangeContext = { actorId: found.admin.adminId, actorName: found.admin.name, source: 'formulario' };
    await this.history.run(self, async (manager) => {
      const spent = await manager
        .getRepository(AdminLink)
        .update({ id: found.link.id, usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { usedAt: new Date() });
      if (!spent.affected) throw teamError('INVITE_INVALID');
      const admin = await manager.getRepository(Admin).findOneBy({ adminId: found.admin.adminId });
      if (!admin?.active || !(await this.creatorStillMaster(manager, found.link))) throw teamError('INVITE_INVALID');
      await manager.getRepository(Admin).update({ adminId: admin.adminId }, { passwordHash });
    });
    await this.record({ adminId: found.admin.adminId, adminUsername: found.admin.username, ip }, 'team.invite_used', found.admin.adminId, {
      link: found.link.purpose,
    });
    await this.alerts?.passwordChanged(found.admin.adminId, found.link.purpose, ip);
  }

  /** The open sessions of an admin, newest first; `current` is the asking request's session. */
  async openSessions(adminId: number, current: string | null): Promise<AdminSessionView[]> {
    await this.found(adminId);
    const rows = await this.sessions.find({
      where: { adminId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC', jti: 'ASC' },
      take: 200,
    });
    return rows.map((row) => ({
      id: row.jti,
      started_at: new Date(row.createdAt).toISOString(),
      ip: row.ip,
      ...describeUserAgent(row.userAgent),
      last_seen_at: iso(row.lastSeenAt),
      atual: row.jti === current,
    }));
  }

  /** Ends an admin's open sessions (all, or all but `except`); the number ended. */
  async endSessions(adminId: number, actor: AuditActor, except: string | null = null): Promise<number> {
    await this.found(adminId);
    const ended = await this.dataSource.transaction((manager) => this.revoke(manager, adminId, 'ended', actor.adminId, except));
    await this.record(actor, 'team.session_end', adminId, { sessoes: ended, escopo: except ? 'outras' : 'todas' });
    await this.alerts?.sessionsEnded(adminId, actor, ended);
    return ended;
  }

  async endSession(adminId: number, sessionId: string, actor: AuditActor): Promise<void> {
    await this.found(adminId);
    const result = await this.sessions.update(
      { jti: sessionId.slice(0, 36), adminId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { revokedAt: new Date(), revokedReason: 'ended', revokedBy: actor.adminId },
    );
    if (!result.affected) throw teamError('SESSION_NOT_FOUND');
    const ended = await this.sessions.findOne({ select: { ip: true, userAgent: true }, where: { jti: sessionId.slice(0, 36) } });
    await this.record(actor, 'team.session_end', adminId, { sessoes: 1, escopo: 'uma', ip: ended?.ip ?? null });
    await this.alerts?.sessionsEnded(adminId, actor, 1, ended);
  }

  async updateProfile(adminId: number, nome: string, actor: AuditActor, change?: ChangeRequest): Promise<TeamMemberView> {
    const admin = await this.found(adminId);
    if (nome.trim() !== admin.name) {
      await this.history.run(TeamService.context(actor, change), (manager) =>
        this.history.updateRow(manager, 'admin', adminId, change?.expected, { name: nome.trim() }),
      );
      await this.record(actor, 'me.update', adminId, { alteracoes: { name: [admin.name, nome.trim()] }, operacao: 'alteracao' });
    }
    return this.member(adminId);
  }

  /** Changes one's own password (the current one required) and ends one's other sessions. */
  async changeOwnPassword(
    adminId: number,
    currentSession: string,
    input: { senha_atual: string; nova_senha: string },
    actor: AuditActor,
    change?: ChangeRequest,
  ): Promise<void> {
    const admin = await this.found(adminId);
    if (this.throttle && !(await hitKeyedLimit(this.throttle, 'password-change', `admin:${adminId}`, PASSWORD_CHECKS, 'refuse'))) {
      throw new TooManyLoginAttemptsException();
    }
    if (!(await this.hasher.verify(admin.passwordHash, input.senha_atual))) throw teamError('WRONG_PASSWORD');
    this.checkPassword(input.nova_senha, admin.username, 'nova_senha');
    const passwordHash = await this.hasher.hash(input.nova_senha);
    const ended = await this.history.run(TeamService.context(actor, change), async (manager) => {
      await manager.getRepository(Admin).update({ adminId }, { passwordHash });
      return this.revoke(manager, adminId, 'password_changed', adminId, currentSession);
    });
    await this.record(actor, 'me.password', adminId, { sessoes_encerradas: ended });
    await this.alerts?.passwordChanged(adminId, 'perfil', actor.ip);
  }

  private checkPassword(password: string, username: string, field: string): void {
    const problem = passwordProblem(password, username);
    if (problem) throw new ValidationFailedException({ [field]: problem });
  }

  private async found(id: number): Promise<Admin> {
    const admin = await this.admins.findOneBy({ adminId: id });
    if (!admin) throw teamError('ADMIN_NOT_FOUND');
    return admin;
  }

  /**
   * Refuses the change when `adminId` is the last active master with a password. On MySQL/MariaDB the masters'
   * rows are read FOR UPDATE, so a concurrent demotion waits for this transaction and then counts again; SQLite
   * runs one write transaction at a time.
   */
  private async keepAMaster(manager: EntityManager, adminId: number): Promise<void> {
    const others = (await this.repository.lockedMasterIds(manager)).filter((id) => id !== adminId);
    if (others.length === 0) throw teamError('LAST_MASTER');
  }

  /**
   * Revokes an admin's open sessions (but `except`) in the transaction, keeping why and who (`by`: the master
   * acting, or the admin itself), which the login page tells the person; the number revoked.
   */
  private async revoke(
    manager: EntityManager,
    adminId: number,
    reason: SessionRevokedReason,
    by: number | null,
    except: string | null = null,
  ): Promise<number> {
    const result = await manager
      .getRepository(AdminSession)
      .update({ adminId, revokedAt: IsNull(), ...(except ? { jti: Not(except) } : {}) }, { revokedAt: new Date(), revokedReason: reason, revokedBy: by });
    return result.affected ?? 0;
  }

  /** A new link for the admin; the ones not used yet are spent, so only the newest works. */
  private async makeLink(manager: EntityManager, admin: Admin, purpose: AdminLinkPurpose, createdBy: number | null): Promise<InviteLink> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITE_TTL_HOURS * 3_600_000);
    const repository = manager.getRepository(AdminLink);
    await repository.update({ adminId: admin.adminId, usedAt: IsNull() }, { usedAt: new Date() });
    await repository.insert({ adminId: admin.adminId, tokenHash: hashToken(token), purpose, expiresAt, usedAt: null, createdBy });
    return { url: `${this.config.appUrl}/admin/convite?token=${token}`, expires_at: expiresAt.toISOString() };
  }

  /**
   * Spends, in the transaction, the unused links `adminId` made (`madeBy`) and those addressed to it
   * (`addressedTo`): a spent link never works again, whatever later happens to either admin.
   */
  private async spendLinks(manager: EntityManager, adminId: number, scope: { madeBy: boolean; addressedTo: boolean }): Promise<void> {
    const repository = manager.getRepository(AdminLink);
    const now = new Date();
    if (scope.madeBy) await repository.update({ createdBy: adminId, usedAt: IsNull() }, { usedAt: now });
    if (scope.addressedTo) await repository.update({ adminId, usedAt: IsNull() }, { usedAt: now });
  }

  /**
   * Whether the master who made a link still is an active master, checked each time the link is used, so a link
   * outlives neither its creator's deactivation nor demotion (even one made past `update`). A link without a
   * creator was made by the system (the CLI, the development seed).
   */
  private async creatorStillMaster(manager: EntityManager, link: AdminLink): Promise<boolean> {
    if (link.createdBy === null) return true;
    const creator = await manager.getRepository(Admin).findOneBy({ adminId: link.createdBy });
    return Boolean(creator?.active) && creator?.role === 'master';
  }

  /** The link of a token and its admin, when the link is unused, unexpired, its admin active and its creator an active master. */
  private async usableLink(manager: EntityManager, token: string): Promise<{ link: AdminLink; admin: Admin } | null> {
    if (!token || token.length > 200) return null;
    const link = await manager.getRepository(AdminLink).findOneBy({ tokenHash: hashToken(token) });
    if (!link || link.usedAt || new Date(link.expiresAt) <= new Date()) return null;
    const admin = await manager.getRepository(Admin).findOneBy({ adminId: link.adminId });
    if (!admin?.active || !(await this.creatorStillMaster(manager, link))) return null;
    return { link, admin };
  }

  private mailLink(admin: Admin, link: InviteLink, purpose: AdminLinkPurpose): void {
    if (!admin.email || !this.mail) return;
    this.mail.queue(adminPasswordLinkMail(this.config.appName, admin.email, admin.name, admin.username, link.url, INVITE_TTL_HOURS, purpose));
  }

  private async openSessionCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    return this.repository.openSessionCounts(ids);
  }

  private async record(actor: AuditActor | null, action: AuditAction, targetId: number, summary: Record<string, unknown>): Promise<void> {
    if (!actor || !this.audit) return;
    await this.audit.record({ ...actor, action, targetType: 'admin', targetId, summary });
  }

  /** An admin as the team screen shows it: never its password hash, tokens or 2FA secrets. */
  view(admin: Admin, openSessions: number): TeamMemberView {
    return {
      id: admin.adminId,
      username: admin.username,
      nome: admin.name,
      email: admin.email,
      role: admin.role,
      status: memberStatus(admin),
      last_login_at: iso(admin.lastLoginAt),
      last_login_ip: admin.lastLoginIp,
      sessoes_abertas: openSessions,
      created_at: new Date(admin.createdAt).toISOString(),
      version: Number(admin.version),
    };
  }
}
