import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository, type EntityManager } from 'typeorm';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import { validatedInput } from '../common/http/validation.pipe.js';
import { bulkInsert } from '../database/bulk-insert.js';
import { KeptCounts, statusCounts } from '../database/kept-counts.js';
import { EnterprisesService } from '../enterprises/enterprises.service.js';
import type { ChangeRequest } from '../history/change-context.js';
import { HistoryService, type HistoryValue } from '../history/history.service.js';
import type { UserRow } from '../imports/row-rules.js';
import type { AppUserView } from '../shared/app-user.views.js';
import { onlyDigits } from '../shared/br/index.js';
import type { LinkedUserPage } from '../shared/enterprise.views.js';
import { MAX_PAGE_SIZE } from '../common/http/page.query.js';
import { importedChanges, writableColumns, type ImportChunkCounts, type ImportChunkOptions } from '../shared/import.views.js';
import { AppUser } from './app-user.entity.js';
import { AppUsersRepository } from './app-users.repository.js';
import { AppUserList } from './app-users.resource.js';
import { UpdateUserInput } from './dto/update-user.input.js';
import { UserLookupsService } from './user-lookups.service.js';
import { usersError } from './users.errors.js';

export interface UsersPerEnterprise {
  /** The companies with the most users, most first. */
  top: { enterprise_id: number; name: string; total: number }[];
  /** Users of all other companies. */
  others: number;
  /** Users linked to no company. */
  withoutEnterprise: number;
  total: number;
}

/** The mobile app's users. */
@Injectable()
export class AppUsersService {
  constructor(
    @InjectRepository(AppUser) private readonly users: Repository<AppUser>,
    private readonly lookups: UserLookupsService,
    private readonly enterprises: EnterprisesService,
    private readonly kept: KeptCounts,
    private readonly history: HistoryService,
    private readonly list: AppUserList,
    private readonly repository: AppUsersRepository,
  ) {
    history.register('usuario', {
      view: (id) => this.get(id),
      restore: (id, values, change) => this.restoreValues(id, values, change),
    });
  }

  /**
   * An entry's values put back: the form's fields through the form's rules, the status as Ativar/Desativar does.
   * What the app alone writes (city, plan, device) is not restorable (HISTORY_RESOURCES) and never reaches here.
   */
  private async restoreValues(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<void> {
    const { status, ...form } = values;
    const current = await this.get(id);
    const optional = (value: unknown) => (value === null || value === undefined ? undefined : value);
    // Everything is checked first, then written as one change.
    const columns: Partial<AppUser> = {};
    if (Object.keys(form).length > 0) {
      const merged = { ...current, ...form } as Record<string, unknown>;
      const input = await validatedInput(UpdateUserInput, {
        firstname: merged.firstname,
        lastname: merged.lastname,
        email: merged.email,
        fone: optional(merged.fone),
        cpf: optional(merged.cpf),
        enterprise_id: optional(merged.enterprise_id),
        cargo_id: optional(merged.cargo_id),
        ocupacao_id: optional(merged.ocupacao_id),
      });
      Object.assign(columns, await this.profileValues(id, input));
    }
    if (status !== undefined) columns.status = Number(status) ? 1 : 0;
    await this.write(id, columns, change);
  }

  /**
   * A page of the app users linked to a company, by name (the company's details): at most MAX_PAGE_SIZE, the
   * most a page of people's data holds, and that many unless asked otherwise.
   */
  async ofCompany(enterpriseId: number, query: { page?: number; pageSize?: number } = {}): Promise<LinkedUserPage> {
    await this.enterprises.assertExists(enterpriseId);
    const page = query.page ?? 1;
    const pageSize = Math.min(query.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
    return { ...(await this.repository.ofCompany(enterpriseId, page, pageSize)), page, pageSize };
  }

  async countActive(): Promise<number> {
    return (await this.kept.buckets('app_users.status')).get('1') ?? 0;
  }

  async get(id: number): Promise<AppUserView> {
    const [view] = await this.list.views([await this.find(id)]);
    return view;
  }

  /**
   * Replaces the profile fields of the edit form; the rest (status, dates, plan, device) is never taken from it.
   * With If-Match, only if the user is still at that version (412 EDIT_CONFLICT otherwise).
   */
  async update(id: number, input: UpdateUserInput, change: ChangeRequest): Promise<AppUserView> {
    await this.find(id);
    await this.write(id, await this.profileValues(id, input), change);
    return this.get(id);
  }

  /**
   * One chunk of an import of app users (rows checked by the 'Editar Usuário' form's rules, their company, cargo
   * and ramo found; only what that form writes, and the status): each matched by e-mail, then by CPF (the file's
   * earlier rows included). A new one is created without a password (the app's "Esqueci minha senha" sets it); a
   * known one gets the columns that differ, or is counted unchanged; `onlyCreate` leaves known users as they are.
   * One transaction, history "importação", an audit entry per row written, and `alsoInside` (the import's
   * progress) in it too.
   */
  async importRows(
    rows: { line: number; input: UserRow; ativo: 0 | 1 | null }[],
    options: ImportChunkOptions<EntityManager> & { actor: AuditActor },
  ): Promise<ImportChunkCounts> {
    const counts: ImportChunkCounts = { criadas: 0, atualizadas: 0, sem_alteracao: 0, falhas: [] };
    const prepared = rows.map((row) => {
      const values: Partial<AppUser> = {
        firstname: row.input.firstname,
        lastname: row.input.lastname,
        email: row.input.email.toLowerCase(),
        fone: row.input.fone ? onlyDigits(row.input.fone) : null,
        cpf: row.input.cpf ? onlyDigits(row.input.cpf) : null,
        enterpriseId: row.input.enterprise_id ?? null,
        cargoId: row.input.cargo_id ?? null,
        ocupacaoId: row.input.ocupacao_id ?? null,
      };
      if (row.ativo !== null) values.status = row.ativo;
      return { line: row.line, values };
    });
    const context = { actorId: options.actor.adminId, actorName: options.actor.adminName || options.actor.adminUsername, source: 'importacao' as const };
    // Only the columns the file fills are written to an existing record.
    const writable = writableColumns(options.fields, IMPORT_COLUMNS);
    await this.history.run(context, async (manager) => {
      const repository = manager.getRepository(AppUser);
      const emails = [...new Set(prepared.map((row) => row.values.email!))];
      const cpfs = [...new Set(prepared.map((row) => row.values.cpf).filter((cpf): cpf is string => Boolean(cpf)))];
      const known = [
        ...(emails.length > 0 ? await repository.find({ where: { email: In(emails) } }) : []),
        ...(cpfs.length > 0 ? await repository.find({ where: { cpf: In(cpfs) } }) : []),
      ];
      const byEmail = new Map(known.filter((user) => user.email).map((user) => [user.email!, user]));
      const byCpf = new Map<string, AppUser>();
      for (const user of known) if (user.cpf && !byCpf.has(user.cpf)) byCpf.set(user.cpf, user);
      const audit: Partial<AuditEntry>[] = [];
      const entry = (action: 'user.create' | 'user.update', id: number, line: number) =>
        audit.push({
          adminId: options.actor.adminId,
          adminUsername: options.actor.adminUsername,
          ip: options.actor.ip,
          action,
          targetType: 'user',
          targetId: id,
          summary: JSON.stringify({ importacao: options.importId, linha: line }),
        });
      for (const { line, values } of prepared) {
        const current = byEmail.get(values.email!) ?? (values.cpf ? byCpf.get(values.cpf) : undefined);
        if (!current) {
          const created = await repository.save(repository.create({ status: 1, ...values }));
          byEmail.set(created.email!, created);
          if (created.cpf) byCpf.set(created.cpf, created);
          counts.criadas += 1;
          entry('user.create', created.userId, line);
          continue;
        }
        if (options.onlyCreate) {
          counts.sem_alteracao += 1;
          continue;
        }
        const changed = importedChanges(current, values, writable);
        if (changed.email && byEmail.get(changed.email) && byEmail.get(changed.email) !== current) {
          counts.falhas.push({ line, error: 'Este email já pertence a outro usuário.' });
          continue;
        }
        if (Object.keys(changed).length === 0) {
          counts.sem_alteracao += 1;
          continue;
        }
        await this.history.updateRow(manager, 'usuario', current.userId, undefined, { ...changed, dateModified: new Date() });
        Object.assign(current, changed);
        if (current.email) byEmail.set(current.email, current);
        counts.atualizadas += 1;
        entry('user.update', current.userId, line);
      }
      await bulkInsert(manager, AuditEntry, audit);
      await options.alsoInside?.(manager, counts);
    });
    return counts;
  }

  /** The form's fields as column values, once the e-mail is free and the chosen company, cargo and ramo exist. */
  private async profileValues(id: number, input: UpdateUserInput): Promise<Partial<AppUser>> {
    const email = input.email.toLowerCase();
    const errors: Record<string, string> = {};
    const other = await this.users.findOne({ select: { userId: true }, where: { email } });
    if (other && other.userId !== id) throw duplicateEmail();
    if (input.enterprise_id && !(await this.enterprises.exists(input.enterprise_id))) errors.enterprise_id = 'Empresa não encontrada.';
    if (input.cargo_id && !(await this.lookups.cargoNames()).has(input.cargo_id)) errors.cargo_id = 'Cargo não encontrado.';
    if (input.ocupacao_id && !(await this.lookups.ocupacaoNames()).has(input.ocupacao_id)) errors.ocupacao_id = 'Ramo de atividade não encontrado.';
    if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
    return {
      firstname: input.firstname,
      lastname: input.lastname,
      email,
      fone: input.fone ? onlyDigits(input.fone) : null,
      cpf: input.cpf ? onlyDigits(input.cpf) : null,
      enterpriseId: input.enterprise_id ?? null,
      cargoId: input.cargo_id ?? null,
      ocupacaoId: input.ocupacao_id ?? null,
    };
  }

  /** One change of a user, against `change.expected` (a race past the e-mail check meets the unique index: 409). */
  private async write(id: number, values: Partial<AppUser>, change: ChangeRequest): Promise<void> {
    try {
      await this.history.run(change.context, (manager) =>
        this.history.updateRow(manager, 'usuario', id, change.expected, { ...values, dateModified: new Date() }),
      );
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) throw duplicateEmail();
      throw error;
    }
  }

  /** Ativar/Desativar: never blocked by a version (it raises it). */
  async setStatus(id: number, status: 0 | 1, change: ChangeRequest): Promise<AppUserView> {
    await this.find(id);
    await this.history.run(change.context, (manager) => this.history.updateRow(manager, 'usuario', id, undefined, { status, dateModified: new Date() }));
    return this.get(id);
  }

  /** Users per company: the `limit` companies with most users (ties by name), the others, and no company. */
  async perEnterprise(limit: number): Promise<UsersPerEnterprise> {
    const [top, perStatus, withoutEnterprise] = await Promise.all([
      this.kept.topEnterprises(limit),
      this.kept.buckets('app_users.status'),
      this.kept.total('app_users.no_enterprise'),
    ]);
    const total = statusCounts(perStatus).todos;
    return { top, others: total - withoutEnterprise - top.reduce((sum, row) => sum + row.total, 0), withoutEnterprise, total };
  }

  /** Sign-ups per day (São Paulo) from a day on. */
  signupsPerDay(fromDay: string): Promise<Map<string, number>> {
    return this.kept.perDay('app_users', fromDay);
  }

  private async find(id: number): Promise<AppUser> {
    const user = await this.users.findOneBy({ userId: id });
    if (!user) throw usersError('USER_NOT_FOUND');
    return user;
  }
}

function duplicateEmail(): AppException {
  return usersError('EMAIL_ALREADY_REGISTERED');
}

/** The columns each field of an import fills (see src/imports/import-fields.ts). */
const IMPORT_COLUMNS: Record<string, string[]> = {
  firstname: ['firstname'],
  lastname: ['lastname'],
  email: ['email'],
  fone: ['fone'],
  cpf: ['cpf'],
  empresa: ['enterpriseId'],
  cargo: ['cargoId'],
  ocupacao: ['ocupacaoId'],
  status: ['status'],
};
