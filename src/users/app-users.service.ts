import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { importedChanges, writableColumns, type ImportChunkCounts, type ImportChunkOptions } from '../shared/import.views.js';
import type { UserRow } from '../imports/row-rules.js';
import { CitiesService } from '../cities/cities.service.js';
import { onlyDigits } from '../shared/br/index.js';
import { searchWords } from '../common/search-text.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { KeptCounts, statusCounts } from '../database/kept-counts.js';
import {
  EXPORT_BATCH,
  keysetBatches,
  orderBy,
  preferFulltext,
  readPage,
  readParts,
  statusSortParts,
  textSearch,
  type OrderColumn,
  type PageWindow,
  type SortDirection,
  type SortPart,
  type TextSearch,
} from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { LiveNotices } from '../live/live-notices.js';
import { bulkStatusChunk, type BulkChunkResult, type BulkStatusTarget } from '../common/bulk/bulk-status.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { EnterprisesService } from '../enterprises/enterprises.service.js';
import type { LinkedUserView } from '../shared/enterprise.views.js';
import { AppUser } from './app-user.entity.js';
import type { AppUserCounts, AppUserPage, AppUserView } from '../shared/app-user.views.js';
import { Cargo } from './cargo.entity.js';
import { UpdateUserInput } from './dto/update-user.input.js';
import type { BulkUserStatusInput, UserSort, UserStatusFilter } from './dto/list-users.query.js';
import { UserLookupsService } from './user-lookups.service.js';
import { usersError } from './users.errors.js';
import { HistoryService, utcDate, type HistoryValue } from '../history/history.service.js';
import type { ChangeRequest } from '../history/change-context.js';
import { validatedInput } from '../common/http/validation.pipe.js';
import { dayStartUtc, nextDayStartUtc, utcDatetimeText } from '../common/sao-paulo-day.js';
import { bulkInsert } from '../database/bulk-insert.js';

export interface UsersPerEnterprise {
  /** The companies with the most users, most first. */
  top: { enterprise_id: number; name: string; total: number }[];
  /** Users of all other companies. */
  others: number;
  /** Users linked to no company. */
  withoutEnterprise: number;
  total: number;
}

export interface UserListFilters {
  status?: UserStatusFilter;
  page?: number;
  pageSize?: number;
  busca?: string;
  date_from?: string;
  date_to?: string;
  ordem?: UserSort;
  sentido?: SortDirection;
}

/** Companies found by name: their ids, or 'many' past COMPANY_IDS_MAX (then each user's company row is read). */
type CompanyIds = number[] | 'many';

/** What a search's terms match besides the users' own words, resolved once per search. */
interface SearchPlan {
  /** Per term: the cargos and the companies it starts a word of. */
  terms: Map<string, { cargos: number[]; companies: CompanyIds }>;
  /** The companies whose name holds every term. */
  everyTerm: CompanyIds;
}

/**
 * Users the search box finds: every term starts a word of the user's name, e-mail or CPF (any part of it), of
 * the company's fantasia or razão, or of the cargo's name. The company's words are read from the companies at
 * search time (never copied into user rows), so a company renamed, or a row written by another tool, is found
 * by its current words.
 *
 * Most users match through their own words or through a company whose name holds every term; when those
 * companies are few, a user outside them is tested against the companies only if one of its own words (or
 * its cargo) matched a term, so the walk reads each company row only for such users. With `fulltext`
 * (MySQL/MariaDB), the candidates come from the FULLTEXT indexes first: users whose own words hold every term,
 * users of companies whose name holds any term, and users of a matching cargo (every match is among them).
 */
function whereSearched(query: SelectQueryBuilder<AppUser>, search: TextSearch, plan: SearchPlan, fulltext: boolean): void {
  if (search.active && search.terms.length === 0) {
    query.andWhere('1 = 0');
    return;
  }
  const params = Object.fromEntries(search.terms.map((term, index) => [`term${index}`, `% ${term}%`]));
  const ids = (column: string, values: number[]) => `${column} IN (${values.join(', ')})`;
  const own = (index: number) => `u.search_text LIKE :term${index}`;
  const cargo = (term: string) => {
    const cargos = plan.terms.get(term)?.cargos ?? [];
    return cargos.length > 0 ? [ids('u.cargo_id', cargos)] : [];
  };
  const many = [...plan.terms.values()].some((match) => match.companies === 'many');
  const companyName = plan.everyTerm === 'many' ? 'ue.name_search' : '(SELECT e.name_search FROM enterprises e WHERE e.enterprise_id = u.enterprise_id)';
  const company = (term: string, index: number) => {
    const companies = plan.terms.get(term)?.companies ?? [];
    if (companies === 'many') return [`${companyName} LIKE :term${index}`];
    return companies.length > 0 ? [ids('u.enterprise_id', companies)] : [];
  };
  const everyTermMatched = search.terms.map((term, index) => `(${[own(index), ...company(term, index), ...cargo(term)].join(' OR ')})`).join(' AND ');
  const anyCompany = [...plan.terms.values()].some((match) => match.companies === 'many' || match.companies.length > 0);
  if (plan.everyTerm === 'many' || !anyCompany) {
    if (many) query.leftJoin(Enterprise, 'ue', 'ue.enterprise_id = u.enterprise_id');
    query.andWhere(everyTermMatched, params);
  } else {
    const ownOrCargo = search.terms.flatMap((term, index) => [own(index), ...cargo(term)]).join(' OR ');
    const viaCompany = plan.everyTerm.length > 0 ? `${ids('u.enterprise_id', plan.everyTerm)} OR ` : '';
    query.andWhere(`(${viaCompany}((${ownOrCargo}) AND ${everyTermMatched}))`, params);
  }
  if (!fulltext || !search.fulltext) return;
  const anyOf = (pick: (match: { cargos: number[]; companies: CompanyIds }) => number[]) => [...new Set([...plan.terms.values()].flatMap(pick))];
  const companies = anyOf((match) => (match.companies === 'many' ? [] : match.companies));
  const cargos = anyOf((match) => match.cargos);
  const candidates = [
    'SELECT user_id FROM app_users WHERE MATCH(search_text) AGAINST (:fulltext IN BOOLEAN MODE)',
    ...(many
      ? [
          'SELECT a.user_id FROM enterprises e JOIN app_users a ON a.enterprise_id = e.enterprise_id WHERE MATCH(e.name_search) AGAINST (:fulltextAny IN BOOLEAN MODE)',
        ]
      : companies.length > 0
        ? [`SELECT user_id FROM app_users WHERE ${ids('enterprise_id', companies)}`]
        : []),
    ...(cargos.length > 0 ? [`SELECT user_id FROM app_users WHERE ${ids('cargo_id', cargos)}`] : []),
  ];
  query.innerJoin(`(${candidates.join(' UNION ')})`, 'candidate', 'candidate.user_id = u.user_id');
  query.setParameters({ fulltext: search.fulltext, ...(many ? { fulltextAny: search.fulltextAny } : {}) });
}

/** Bulk Ativar/Desativar writes the users' status, each row recorded as its own status change. */
const BULK_TARGET: BulkStatusTarget = {
  table: 'app_users',
  key: 'user_id',
  statusColumn: 'status',
  alsoSet: 'date_modified = CURRENT_TIMESTAMP',
  action: 'user.status',
  targetType: 'user',
  task: { recurso: 'usuario', one: 'usuário', many: 'usuários', feminine: false, link: '/admin/usuarios' },
};

const KEY: OrderColumn = { path: 'u.userId', column: 'u.user_id' };
const BY_ADDED: OrderColumn[] = [{ path: 'u.dateAdded', column: 'u.date_added' }];
/** The columns of each sort but Status (then the key breaks ties); each has an index, and one per status tab. */
export const USER_SORT_COLUMNS: Record<Exclude<UserSort, 'status'>, OrderColumn[]> = {
  nome: [{ path: 'u.sortName', column: 'u.sort_name' }],
  email: [{ path: 'u.email', column: 'u.email' }],
  cadastro: BY_ADDED,
  empresa: [{ path: 'u.enterpriseSort', column: 'u.enterprise_sort' }],
};

/** The users' sorts: newest registration first by default; by Status, each tab newest first. */
function sortParts(filters: UserListFilters): SortPart[] {
  return statusSortParts(filters, {
    columns: USER_SORT_COLUMNS,
    defaultKey: 'cadastro',
    first: (key) => (key === 'cadastro' ? 'desc' : 'asc'),
    byStatus: { columns: BY_ADDED, direction: 'desc' },
  });
}

/** Past this many companies for a term, the search reads each user's company row instead of listing ids. */
const COMPANY_IDS_MAX = 1000;

interface RegistrationDays {
  from?: { day: string; start: Date };
  to?: { day: string; start: Date };
}

/** Users registered on the filter's São Paulo days (the UTC instants those days cover). */
function whereRegistered(query: SelectQueryBuilder<AppUser>, days: RegistrationDays): void {
  if (days.from) query.andWhere('u.date_added >= :from', { from: utcDatetimeText(days.from.start) });
  if (days.to) query.andWhere('u.date_added < :to', { to: utcDatetimeText(nextDayStartUtc(days.to.start)) });
}

/** The São Paulo days of the date filters, as ListUsersQuery checked them (real days, in order). */
function registrationDays(filters: UserListFilters): RegistrationDays {
  const from = filters.date_from ? dayStartUtc(filters.date_from) : null;
  const to = filters.date_to ? dayStartUtc(filters.date_to) : null;
  return { ...(from ? { from: { day: filters.date_from!, start: from } } : {}), ...(to ? { to: { day: filters.date_to!, start: to } } : {}) };
}

/** The mobile app's users. */
@Injectable()
export class AppUsersService {
  constructor(
    @InjectRepository(AppUser) private readonly users: Repository<AppUser>,
    private readonly lookups: UserLookupsService,
    private readonly enterprises: EnterprisesService,
    private readonly cities: CitiesService,
    private readonly kept: KeptCounts,
    private readonly history: HistoryService,
    private readonly notices: LiveNotices,
  ) {
    history.register('usuario', {
      view: (id) => this.get(id),
      restore: (id, values, change) => this.restoreValues(id, values, change),
    });
  }

  /**
   * An entry's values put back: the form's fields through the form's rules, the status as Ativar/Desativar does,
   * and what the app alone writes (city, plan, device) as it was.
   */
  private async restoreValues(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<void> {
    const { status, city_id: cityId, plano_valido: planoValido, device_id: deviceId, ...form } = values;
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
    if (cityId !== undefined) {
      if (cityId !== null && !(await this.cities.find(Number(cityId)))) throw new ValidationFailedException({ city_id: 'Cidade não encontrada.' });
      columns.cityId = cityId === null ? null : Number(cityId);
    }
    if (planoValido !== undefined) columns.planoValido = planoValido === null ? null : utcDate(String(planoValido));
    if (deviceId !== undefined) columns.deviceId = deviceId === null ? null : String(deviceId);
    if (status !== undefined) columns.status = Number(status) ? 1 : 0;
    await this.write(id, columns, change);
  }

  /** A page of users in the asked order (newest registrations first by default). */
  async list(filters: UserListFilters): Promise<AppUserPage> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    const counts = await this.counts(filters);
    const plan = search.active ? await this.searchPlan(search) : null;
    const mysql = isMysql(this.users.manager.connection);
    const parts = sortParts(filters).map((part) => ({
      total: counts[part.status],
      read: async (window: PageWindow) => {
        // The walk in registration order reads idx_app_users_added_search alone; any other order would read
        // each row it tests, so there the FULLTEXT index finds the candidates whenever it can.
        const fulltext =
          mysql &&
          search.fulltext !== null &&
          (part.columns !== BY_ADDED || preferFulltext(search, window, counts[part.status], (await this.keptCounts(days))[part.status]));
        const query = () => this.filtered({ ...filters, status: part.status }, days, plan && { search, plan, fulltext });
        // A search checks many rows for each one it keeps: it finds the page's ids first, then reads those rows.
        // Without one, the statement depends on the status tab, the dates and the order only.
        return readPage(
          query,
          orderBy(part.columns, KEY, part.direction),
          window,
          search.active
            ? { deferredBy: 'u.userId' }
            : {
                kept: {
                  shape: `users:${part.status}:${days.from?.day ?? ''}:${days.to?.day ?? ''}:${part.key}:${part.direction}`,
                  on: this.users.manager.connection,
                },
              },
        );
      },
    }));
    const rows = await readParts(parts, page, pageSize);
    return { data: await this.views(rows), total: counts[filters.status ?? 'todos'], page, pageSize };
  }

  /** The users of a status tab, registration days and search, unordered. */
  private filtered(filters: UserListFilters, days: RegistrationDays, searched: { search: TextSearch; plan: SearchPlan; fulltext: boolean } | null) {
    const builder = this.users.createQueryBuilder('u');
    whereRegistered(builder, days);
    if (filters.status === 'ativos') builder.andWhere('u.status = 1');
    if (filters.status === 'inativos') builder.andWhere('u.status = 0');
    if (searched) whereSearched(builder, searched.search, searched.plan, searched.fulltext);
    return builder;
  }

  /**
   * Every user of the filters, in the list's order, a batch at a time (keyset batches through the ordering
   * index: flat memory, the last batch as cheap as the first).
   */
  async *allInOrder(filters: UserListFilters, batchSize = EXPORT_BATCH): AsyncGenerator<AppUserView[]> {
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    const searched = search.active ? { search, plan: await this.searchPlan(search), fulltext: isMysql(this.users.manager.connection) } : null;
    for (const part of sortParts(filters)) {
      const query = () => this.filtered({ ...filters, status: part.status }, days, searched);
      for await (const rows of keysetBatches(query, part.columns, KEY, part.direction, batchSize)) yield await this.views(rows);
    }
  }

  /** One chunk of a bulk Ativar/Desativar over the selected users (bulkStatusChunk). */
  async bulkStatus(input: BulkUserStatusInput, actor: AuditActor): Promise<BulkChunkResult> {
    const filters = { status: input.status ?? 'todos', busca: input.busca, date_from: input.date_from, date_to: input.date_to };
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    const searched = search.active && input.todos ? { search, plan: await this.searchPlan(search), fulltext: isMysql(this.users.manager.connection) } : null;
    return bulkStatusChunk(this.users.manager.connection, input, () => this.filtered(filters, days, searched), BULK_TARGET, actor, this.history, this.notices);
  }

  /**
   * How many users match the search and dates in each status filter: kept counts without a search; with
   * one, counted once (one grouped query) and remembered until the users table changes.
   */
  async counts(filters: UserListFilters): Promise<AppUserCounts> {
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    if (!search.active) return this.keptCounts(days);
    return this.kept.remembered(['app_users', 'enterprises'], JSON.stringify(['users', search.terms, days.from?.day, days.to?.day]), async () => {
      const query = this.users.createQueryBuilder('u').select('u.status', 'status').addSelect('COUNT(*)', 'total').groupBy('u.status');
      whereRegistered(query, days);
      whereSearched(query, search, await this.searchPlan(search), isMysql(this.users.manager.connection));
      const rows = await query.getRawMany<{ status: number | string; total: number | string }>();
      return statusCounts(new Map(rows.map((row) => [String(Number(row.status)), Number(row.total)])));
    });
  }

  /**
   * What the terms match besides the users' own words: cargos from the reference list; companies, per term and
   * with every term, from the companies (remembered until a company changes).
   */
  private async searchPlan(search: TextSearch): Promise<SearchPlan> {
    if (search.terms.length === 0) return { terms: new Map(), everyTerm: [] };
    const cargos = [...(await this.lookups.cargoNames())].map(([id, name]) => ({ id, words: searchWords(name) }));
    // Remembered together, under one read of the companies' version.
    const [everyTerm, ...perTerm] = await this.kept.remembered(['enterprises'], JSON.stringify(['company-ids', search.terms]), () =>
      Promise.all(
        [search.terms, ...search.terms.map((term) => [term])].map(
          async (terms): Promise<CompanyIds> => (await this.enterprises.idsByNameWords(terms, COMPANY_IDS_MAX)) ?? 'many',
        ),
      ),
    );
    return {
      everyTerm,
      terms: new Map(
        search.terms.map((term, index) => [
          term,
          { cargos: cargos.filter((cargo) => cargo.words.some((word) => word.startsWith(term))).map((cargo) => cargo.id), companies: perTerm[index] },
        ]),
      ),
    };
  }

  /** Users per status, all or registered on the given days, from the kept counts. */
  private async keptCounts(days: RegistrationDays): Promise<AppUserCounts> {
    if (!days.from && !days.to) return statusCounts(await this.kept.buckets('app_users.status'));
    return statusCounts(await this.kept.daysPerBucket('app_users', days.from?.day, days.to?.day));
  }

  /** The app users linked to a company, by name (the company's details). */
  async ofCompany(enterpriseId: number): Promise<LinkedUserView[]> {
    await this.enterprises.assertExists(enterpriseId);
    const rows = await this.users
      .createQueryBuilder('u')
      .leftJoin(Cargo, 'c', 'c.cargo_id = u.cargo_id')
      .select(['u.user_id AS user_id', 'u.firstname AS firstname', 'u.lastname AS lastname', 'u.email AS email', 'c.name AS cargo_nome', 'u.status AS status'])
      .where('u.enterprise_id = :enterpriseId', { enterpriseId })
      .orderBy('u.sort_name', 'ASC')
      .addOrderBy('u.user_id', 'ASC')
      .getRawMany<LinkedUserView>();
    return rows.map((row) => ({ ...row, user_id: Number(row.user_id), status: Number(row.status) }));
  }

  async countActive(): Promise<number> {
    return (await this.kept.buckets('app_users.status')).get('1') ?? 0;
  }

  async get(id: number): Promise<AppUserView> {
    const [view] = await this.views([await this.find(id)]);
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
   * One chunk of an import of app users (rows checked by the 'Editar Usuário' form's rules, their company, cargo,
   * ramo and city found): each matched by e-mail, then by CPF (the file's earlier rows included). A new one is
   * created without a password (the app's "Esqueci minha senha" sets it); a known one gets the columns that
   * differ, or is counted unchanged; `onlyCreate` leaves known users as they are. One transaction, history
   * "importação", an audit entry per row written, and `alsoInside` (the import's progress) in it too.
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
      if (row.input.city_id !== undefined) values.cityId = row.input.city_id;
      if (row.input.plano_valido !== undefined) values.planoValido = row.input.plano_valido;
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

  private async views(rows: AppUser[]): Promise<AppUserView[]> {
    const ids = <K extends keyof AppUser>(key: K) =>
      [...new Set(rows.map((row) => row[key]).filter((id): id is NonNullable<AppUser[K]> => id !== null))] as number[];
    const [enterpriseNames, cargoNames, ocupacaoNames, cityById] = await Promise.all([
      this.enterprises.names(ids('enterpriseId')),
      this.lookups.cargoNames(),
      this.lookups.ocupacaoNames(),
      this.cities.byIds(ids('cityId')),
    ]);
    return rows.map((row) => {
      const city = row.cityId ? cityById.get(row.cityId) : undefined;
      return {
        user_id: row.userId,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        fone: row.fone,
        cpf: row.cpf,
        enterprise_id: row.enterpriseId,
        empresa_nome: row.enterpriseId ? (enterpriseNames.get(row.enterpriseId) ?? null) : null,
        cargo_id: row.cargoId,
        cargo_nome: row.cargoId ? (cargoNames.get(row.cargoId) ?? null) : null,
        ocupacao_id: row.ocupacaoId,
        ocupacao_nome: row.ocupacaoId ? (ocupacaoNames.get(row.ocupacaoId) ?? null) : null,
        cidade_nome: city?.name ?? null,
        cidade_uf: city?.code ?? null,
        status: Number(row.status),
        date_added: new Date(row.dateAdded).toISOString(),
        date_modified: new Date(row.dateModified).toISOString(),
        plano_valido: row.planoValido ? new Date(row.planoValido).toISOString() : null,
        device_id: row.deviceId,
        version: Number(row.version),
      };
    });
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
  cidade: ['cityId'],
  uf: ['cityId'],
  cidade_ibge: ['cityId'],
  status: ['status'],
  plano_valido: ['planoValido'],
};
