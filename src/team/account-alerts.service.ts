import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type FindOptionsWhere, type Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor.js';
import { AccountEvents } from '../auth/account-events.js';
import { Admin } from '../auth/admin.entity.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailService } from '../mail/mail.service.js';
import { accountAlertMail } from '../mail/templates.js';
import {
  ACCOUNT_ACTIVITY_LIMIT,
  ACCOUNT_EVENT_LABELS,
  ROLE_LABELS,
  type AccountEventKind,
  type AccountEventView,
  type AdminRole,
} from '../shared/team.views.js';
import { AccountEvent } from './account-event.entity.js';
import { describeUserAgent } from './user-agent.js';

/** Every kind a login is written as: a new address is one no earlier row of these kinds has for the admin. */
const LOGIN_KINDS: AccountEventKind[] = ['login', 'login_new_ip', 'login_first'];

const whenFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const when = (date: Date) => `${whenFormat.format(date).replace(',', '')} (horário de Brasília)`;

/** Who did something, as the texts name them. */
const actorName = (actor: Pick<AuditActor, 'adminName' | 'adminUsername'>) => actor.adminName || actor.adminUsername || 'um administrador';

interface Alert {
  subject: string;
  title: string;
  paragraphs: string[];
}

/** How a password was changed: on the profile, through a new password link, or first set through an invitation. */
export type PasswordChange = 'perfil' | 'senha' | 'convite';

/**
 * Security alerts on an admin's own account: each event is a row of admin_account_events (the profile's
 * "Atividade da conta") and, when the admin has an e-mail, a message. Texts name what happened, from which
 * address and by whom; never a password, a 2FA secret, a token or a link that logs in (only the profile's
 * address). An alert that fails is logged and never fails the action it reports, which has already happened.
 */
@Injectable()
export class AccountAlertsService implements AccountEvents {
  private readonly logger = new Logger(AccountAlertsService.name);

  constructor(
    @InjectRepository(AccountEvent) private readonly events: Repository<AccountEvent>,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A login: listed always; e-mailed when its address is new for the admin, unless it is the account's first
   * login. The row is written first and only earlier rows (smaller id) are looked at, so two logins from one new
   * address on two instances at once alert once, unless their rows are committed in the opposite order of their ids.
   */
  async loggedIn(adminId: number, ip: string, userAgent: string | null): Promise<void> {
    await this.safely('login', async () => {
      const at = new Date();
      const id = await this.write({ adminId, kind: 'login', ip, userAgent: userAgent?.slice(0, 255) || null, detail: null, createdAt: at });
      const earlier = (where: FindOptionsWhere<AccountEvent>) =>
        this.events.findOne({ select: { id: true }, where: { adminId, kind: In(LOGIN_KINDS), id: LessThan(id), ...where } });
      if (await earlier({ ip })) return;
      const first = !(await earlier({}));
      await this.events.update({ id }, { kind: first ? 'login_first' : 'login_new_ip' });
      if (first) return;
      const device = describeDevice(userAgent);
      await this.mailTo(adminId, {
        subject: 'login de um endereço novo',
        title: 'Login de um endereço novo',
        paragraphs: [
          `Houve um login na sua conta do painel a partir de um endereço que ela nunca tinha usado: ${ip}, em ${when(at)}.`,
          ...(device ? [`Navegador: ${device}.`] : []),
          'Se foi você, não é preciso fazer nada.',
        ],
      });
    });
  }

  /** The admin's password was changed (profile), or set through a link; an invitation's first password is only listed. */
  async passwordChanged(adminId: number, how: PasswordChange, ip: string | null): Promise<void> {
    await this.safely('password', async () => {
      const at = new Date();
      const detail = {
        perfil: 'Pelo perfil; as outras sessões foram encerradas.',
        senha: 'Pelo link de senha gerado por um administrador master.',
        convite: 'Definida pela primeira vez, pelo convite.',
      }[how];
      await this.write({ adminId, kind: 'password_changed', ip, userAgent: null, detail, createdAt: at });
      if (how === 'convite') return;
      await this.mailTo(adminId, {
        subject: 'a sua senha foi alterada',
        title: 'Senha alterada',
        paragraphs: [
          `A senha da sua conta no painel foi alterada em ${when(at)}${ip ? `, a partir do endereço ${ip}` : ''}.`,
          how === 'perfil' ? 'A alteração foi feita no perfil, e as outras sessões abertas foram encerradas.' : 'A senha foi definida pelo link de senha.',
        ],
      });
    });
  }

  /** Another admin ended `count` of this admin's sessions (one of them: `session` says which). */
  async sessionsEnded(adminId: number, actor: AuditActor, count: number, session: { ip: string; userAgent: string | null } | null = null): Promise<void> {
    if (actor.adminId === adminId || count === 0) return;
    await this.safely('sessions', async () => {
      const at = new Date();
      const by = actorName(actor);
      await this.write({
        adminId,
        kind: 'sessions_ended',
        ip: session?.ip ?? null,
        userAgent: session?.userAgent?.slice(0, 255) ?? null,
        detail: session
          ? `Sessão do endereço ${session.ip} encerrada por ${by}.`
          : `${count === 1 ? '1 sessão encerrada' : `${count} sessões encerradas`} por ${by}.`,
        createdAt: at,
      });
      const what = session
        ? `A sessão aberta com a sua conta a partir do endereço ${session.ip} foi encerrada`
        : count === 1
          ? 'A sessão aberta com a sua conta foi encerrada'
          : `As ${count} sessões abertas com a sua conta foram encerradas`;
      await this.mailTo(adminId, {
        subject: 'as suas sessões foram encerradas',
        title: 'Sessões encerradas',
        paragraphs: [`${what} por ${by}, em ${when(at)}.`, 'Para continuar, entre de novo com o seu usuário, a senha e o código 2FA.'],
      });
    });
  }

  async roleChanged(adminId: number, from: AdminRole, to: AdminRole, actor: AuditActor): Promise<void> {
    await this.safely('role', async () => {
      const at = new Date();
      const by = actorName(actor);
      await this.write({
        adminId,
        kind: 'role_changed',
        ip: null,
        userAgent: null,
        detail: `De ${ROLE_LABELS[from]} para ${ROLE_LABELS[to]}, por ${by}.`,
        createdAt: at,
      });
      await this.mailTo(adminId, {
        subject: 'o seu papel foi alterado',
        title: 'Papel alterado',
        paragraphs: [
          `O papel da sua conta no painel passou de ${ROLE_LABELS[from]} para ${ROLE_LABELS[to]}, por ${by}, em ${when(at)}.`,
          `As sessões abertas foram encerradas: entre de novo a partir de um IP autorizado para o papel ${ROLE_LABELS[to]}.`,
        ],
      });
    });
  }

  /** A new authorized address: every active master is told, by its list and (with an e-mail) a message. */
  async ipAuthorized(
    address: { ip: string; role: AdminRole; descricao: string | null },
    actor: Pick<AuditActor, 'adminName' | 'adminUsername'>,
  ): Promise<void> {
    await this.safely('ip', async () => {
      const at = new Date();
      const by = actorName(actor);
      const label = address.descricao ? ` (${address.descricao})` : '';
      const masters = await this.admins.find({ select: { adminId: true, email: true, name: true }, where: { role: 'master', active: true } });
      if (masters.length === 0) return;
      const detail = `${address.ip}${label}, para o papel ${ROLE_LABELS[address.role]}, autorizado por ${by}.`.slice(0, 255);
      await this.events.insert(
        masters.map((master) => ({ adminId: master.adminId, kind: 'ip_authorized' as const, ip: address.ip, userAgent: null, detail, createdAt: at })),
      );
      for (const master of masters) {
        this.queue(master, {
          subject: 'novo IP autorizado',
          title: 'Novo IP autorizado',
          paragraphs: [
            `O endereço ${address.ip}${label} foi autorizado a entrar no painel com o papel ${ROLE_LABELS[address.role]}, por ${by}, em ${when(at)}.`,
            'Cada IP autorizado tem o seu próprio código 2FA, que este aviso não inclui.',
          ],
        });
      }
    });
  }

  /** The admin's latest ACCOUNT_ACTIVITY_LIMIT entries, newest first. */
  async recent(adminId: number): Promise<AccountEventView[]> {
    const rows = await this.events.find({ where: { adminId }, order: { id: 'DESC' }, take: ACCOUNT_ACTIVITY_LIMIT });
    return rows.map((row) => ({
      id: row.id,
      tipo: row.kind,
      titulo: ACCOUNT_EVENT_LABELS[row.kind] ?? row.kind,
      detalhe: row.detail,
      ip: row.ip,
      ...describeUserAgent(row.userAgent),
      created_at: new Date(row.createdAt).toISOString(),
    }));
  }

  private async write(row: Omit<AccountEvent, 'id'>): Promise<number> {
    const result = await this.events.insert({ ...row, detail: row.detail?.slice(0, 255) ?? null });
    return Number(result.identifiers[0].id);
  }

  private async mailTo(adminId: number, alert: Alert): Promise<void> {
    const admin = await this.admins.findOne({ select: { adminId: true, email: true, name: true }, where: { adminId } });
    if (admin) this.queue(admin, alert);
  }

  private queue(admin: Pick<Admin, 'email' | 'name'>, alert: Alert): void {
    if (!admin.email) return;
    this.mail.queue(accountAlertMail(this.config.appName, admin.email, admin.name, alert, `${this.config.appUrl}/admin/perfil`));
  }

  private async safely(what: string, alert: () => Promise<void>): Promise<void> {
    try {
      await alert();
    } catch (error) {
      this.logger.error(`Account alert (${what}) not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function describeDevice(userAgent: string | null): string | null {
  const { navegador, sistema } = describeUserAgent(userAgent);
  return [navegador, sistema].filter(Boolean).join(' · ') || null;
}
