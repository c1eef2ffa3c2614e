import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { BackgroundTasks } from '../common/background-tasks.js';
import { MailService } from '../mail/mail.service.js';
import { AccountMailBudget } from './account-limits.js';
import { accountDeletionMail, passwordResetMail } from '../mail/templates.js';
import { AccountDeletionRequest, PasswordReset } from './account-token.entity.js';
import { AppUser } from './app-user.entity.js';
import { usersError } from './users.errors.js';
import { HistoryService } from '../history/history.service.js';
import { APP_CHANGE } from '../history/change-context.js';
import { HISTORY_RESOURCES } from '../history/history.resources.js';
import { AuditService } from '../audit/audit.service.js';
import { cancelWaitingUserImports, deleteImportFailuresOf } from '../imports/import-failures.erasure.js';
import { formatCpf } from '../shared/br/index.js';

export type LinkState = 'valid' | 'expired' | 'used' | 'invalid';

export interface ResetRequested {
  ok: true;
  email: string;
  name: string;
  expires_in_minutes: number;
  expires_at: string;
}

/** At least 8 characters with letters and digits, at most 128 (the rule the page shows). */
export const PASSWORD_RULE_MESSAGE = 'A senha deve ter de 8 a 128 caracteres, com letras e números.';
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= 128 && /\p{L}/u.test(password) && /\d/.test(password);
}

/**
 * The fields of the trail's summaries of an app user's edits that hold the person's values: the record's personal
 * columns (the API's fields have the same names) and the city's name the edit form sends back with them.
 */
const PERSONAL_SUMMARY_FIELDS = [
  ...Object.entries(HISTORY_RESOURCES.usuario.fields).flatMap(([column, field]) => (field.personal ? [column] : [])),
  'cidade_nome',
  'cidade_uf',
];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * The links an app user receives by e-mail: password reset (from the back office or 'esqueci minha senha')
 * and the confirmation of an account deletion. Tokens are random, stored only as hashes, single-use and
 * short-lived; the public requests answer the same whether or not the e-mail belongs to someone.
 */
@Injectable()
export class AccountLinksService {
  constructor(
    @InjectRepository(AppUser) private readonly users: Repository<AppUser>,
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    @InjectRepository(AccountDeletionRequest) private readonly deletions: Repository<AccountDeletionRequest>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly tasks: BackgroundTasks,
    private readonly mailBudget: AccountMailBudget,
    private readonly history: HistoryService,
    private readonly audit: AuditService,
  ) {}

  /** The admin's 'send reset e-mail' action: the link is made now, the e-mail sent right after the answer. */
  async sendReset(userId: number): Promise<ResetRequested> {
    const user = await this.users.findOneBy({ userId });
    if (!user) throw usersError('USER_NOT_FOUND');
    if (!user.email) throw usersError('USER_WITHOUT_EMAIL');
    return this.mailResetLink(user, user.email, 'admin');
  }

  private async mailResetLink(user: AppUser, email: string, requestedBy: 'admin' | 'public'): Promise<ResetRequested> {
    const userId = user.userId;
    const minutes = this.config.passwordResetMinutes;
    const token = newToken();
    const expiresAt = new Date(Date.now() + minutes * 60_000);
    // A new link replaces the ones not used yet.
    await this.resets.delete({ userId, usedAt: IsNull() });
    await this.resets.insert({ userId, tokenHash: hashToken(token), expiresAt, requestedBy, usedAt: null });
    const url = `${this.config.appUrl}/redefinir-senha?token=${token}`;
    this.mail.queue(passwordResetMail(this.config.appName, email, user.firstname, url, minutes));
    return { ok: true, email, name: user.firstname, expires_in_minutes: minutes, expires_at: expiresAt.toISOString() };
  }

  /**
   * 'Esqueci minha senha': answers at once, the same for every address; looking the account up and sending
   * the e-mail happen after the answer, so neither its content nor its timing tells whether the account exists.
   */
  forgotPassword(email: string): { ok: true; expires_in_minutes: number } {
    this.tasks.run('redefinição de senha pedida no site', async () => {
      const user = await this.activeUserByEmail(email);
      if (user && (await this.mailBudget.allows(user.userId))) await this.mailResetLink(user, user.email!, 'public');
    });
    return { ok: true, expires_in_minutes: this.config.passwordResetMinutes };
  }

  /** The active account with this e-mail, if any (the collation decides what matches). */
  private async activeUserByEmail(email: string): Promise<AppUser | null> {
    const user = await this.users.findOne({ where: { email: email.trim().toLowerCase() } });
    return user && Number(user.status) === 1 && user.email ? user : null;
  }

  async resetState(token: string): Promise<{ state: LinkState; name: string | null }> {
    const reset = await this.resets.findOneBy({ tokenHash: hashToken(token) });
    if (!reset) return { state: 'invalid', name: null };
    const user = await this.users.findOne({ select: { userId: true, firstname: true, status: true }, where: { userId: reset.userId } });
    if (!user || Number(user.status) !== 1) return { state: 'invalid', name: null };
    return { state: reset.usedAt ? 'used' : new Date(reset.expiresAt) <= new Date() ? 'expired' : 'valid', name: user.firstname };
  }

  /** Sets the new password and spends the link, at most once even when two requests race. */
  async resetPassword(token: string, password: string): Promise<void> {
    const { state } = await this.resetState(token);
    if (state !== 'valid') throw linkError(state, 'redefinição');
    if (!isStrongPassword(password)) throw new ValidationFailedException({ password: PASSWORD_RULE_MESSAGE });
    const passwordHash = await this.hasher.hash(password);
    await this.history.run(APP_CHANGE.context, async (manager) => {
      const spent = await manager
        .getRepository(PasswordReset)
        .update({ tokenHash: hashToken(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { usedAt: new Date() });
      if (!spent.affected) throw linkError('used', 'redefinição');
      const reset = await manager.getRepository(PasswordReset).findOneByOrFail({ tokenHash: hashToken(token) });
      await manager.getRepository(AppUser).update({ userId: reset.userId }, { passwordHash, dateModified: new Date() });
    });
  }

  /**
   * The public deletion request: answers at once, the same for every address; the link is made and mailed
   * after the answer, to an active account only, within the account's e-mail budget.
   */
  requestDeletion(email: string, requesterIp: string | null): { ok: true } {
    this.tasks.run('exclusão de conta pedida no site', async () => {
      const user = await this.activeUserByEmail(email);
      if (user && (await this.mailBudget.allows(user.userId))) await this.mailDeletionLink(user, user.email!, requesterIp);
    });
    return { ok: true };
  }

  private async mailDeletionLink(user: AppUser, email: string, requesterIp: string | null): Promise<void> {
    const minutes = this.config.passwordResetMinutes;
    const token = newToken();
    await this.deletions.delete({ userId: user.userId, confirmedAt: IsNull() });
    await this.deletions.insert({
      userId: user.userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + minutes * 60_000),
      requesterIp,
      confirmedAt: null,
    });
    const url = `${this.config.appUrl}/excluir-conta/confirmar?token=${token}`;
    this.mail.queue(accountDeletionMail(this.config.appName, email, user.firstname, url, minutes));
  }

  async deletionState(token: string): Promise<LinkState> {
    const request = await this.deletions.findOneBy({ tokenHash: hashToken(token) });
    if (!request) return 'invalid';
    return request.confirmedAt ? 'used' : new Date(request.expiresAt) <= new Date() ? 'expired' : 'valid';
  }

  /**
   * Confirms a deletion: the account is deactivated and its personal data erased (LGPD), keeping the row's
   * id so counts and history stay consistent. Its pending links are spent. The person's values go from the
   * record's history, the audit trail's entries about the account and a users import's failed rows too, and
   * users uploads waiting to start are cancelled (their files removed by the imports' sweep).
   */
  async confirmDeletion(token: string): Promise<void> {
    const state = await this.deletionState(token);
    if (state !== 'valid') throw linkError(state, 'exclusão');
    await this.history.run(APP_CHANGE.context, async (manager) => {
      const spent = await manager
        .getRepository(AccountDeletionRequest)
        .update({ tokenHash: hashToken(token), confirmedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { confirmedAt: new Date() });
      if (!spent.affected) throw linkError('used', 'exclusão');
      const request = await manager.getRepository(AccountDeletionRequest).findOneByOrFail({ tokenHash: hashToken(token) });
      const person = await manager
        .getRepository(AppUser)
        .findOneOrFail({ select: { userId: true, email: true, cpf: true }, where: { userId: request.userId } });
      await manager.getRepository(AppUser).update(
        { userId: request.userId },
        {
          firstname: 'Conta',
          lastname: 'excluída',
          email: null,
          fone: null,
          cpf: null,
          cityId: null,
          deviceId: null,
          passwordHash: null,
          planoValido: null,
          status: 0,
          dateModified: new Date(),
        },
      );
      await manager.getRepository(PasswordReset).delete({ userId: request.userId });
      await manager.getRepository(AccountDeletionRequest).update({ userId: request.userId }, { requesterIp: null });
      // The erased values must not live on in the record's history, the audit trail or an import's failed rows either.
      await this.history.redact(manager, 'usuario', request.userId);
      const identifiers = [person.email, person.cpf, person.cpf ? formatCpf(person.cpf) : null].filter((value): value is string => Boolean(value));
      await this.audit.redactPersonalValues(manager, {
        targetType: 'user',
        targetId: request.userId,
        fields: PERSONAL_SUMMARY_FIELDS,
        searches: { actions: ['user.export'], field: 'busca', values: identifiers },
      });
      await deleteImportFailuresOf(manager, person);
      await cancelWaitingUserImports(manager);
    });
  }
}

function linkError(state: LinkState, purpose: string): AppException {
  const messages: Record<LinkState, string> = {
    valid: '',
    expired: `Este link de ${purpose} expirou. Peça um novo.`,
    used: `Este link de ${purpose} já foi usado.`,
    invalid: `Link de ${purpose} inválido.`,
  };
  const code = state === 'expired' ? 'LINK_EXPIRED' : state === 'used' ? 'LINK_USED' : 'LINK_INVALID';
  return usersError(code, { message: messages[state] });
}
