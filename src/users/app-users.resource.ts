import { Injectable } from '@nestjs/common';
import type { BulkStatusTarget } from '../common/bulk/bulk-status.js';
import { CitiesService } from '../cities/cities.service.js';
import { ResourceList, type KeptCountsOf, type ListRun } from '../common/resources/list-source.js';
import type { ResourceDeclaration } from '../common/resources/resource-routes.js';
import { dayStartUtc } from '../common/sao-paulo-day.js';
import { searchWords } from '../common/search-text.js';
import {
  preferFulltext,
  statusSortParts,
  textSearch,
  type OrderColumn,
  type PageWindow,
  type SortDirection,
  type TextSearch,
} from '../common/sql/list-query.js';
import { KeptCounts, statusCounts } from '../database/kept-counts.js';
import { EnterprisesRepository } from '../enterprises/enterprises.repository.js';
import type { AppUserCounts, AppUserView } from '../shared/app-user.views.js';
import type { AppUser } from './app-user.entity.js';
import { AppUsersRepository, type CompanyIds, type RegistrationDays, type SearchPlan, type UserSearch } from './app-users.repository.js';
import { ExportUsersQuery, USER_COLUMNS } from './app-users.export.js';
import { BulkUserStatusInput, ListUsersQuery, type UserSort, type UserStatusFilter } from './dto/list-users.query.js';
import { UserLookupsService } from './user-lookups.service.js';
import { isoTime } from '../common/iso-time.js';

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

/** Past this many companies for a term, the search reads each user's company row instead of listing ids. */
const COMPANY_IDS_MAX = 1000;

/** The São Paulo days of the date filters, as ListUsersQuery checked them (real days, in order). */
function registrationDays(filters: UserListFilters): RegistrationDays {
  const from = filters.date_from ? dayStartUtc(filters.date_from) : null;
  const to = filters.date_to ? dayStartUtc(filters.date_to) : null;
  return { ...(from ? { from: { day: filters.date_from!, start: from } } : {}), ...(to ? { to: { day: filters.date_to!, start: to } } : {}) };
}

/** Users per status, kept by the database. */
const USERS_PER_STATUS: KeptCountsOf<AppUserCounts> = { subject: 'app_users.status', counts: statusCounts };

/** The app users' list: status tabs, registration days, search (own words, company, cargo), sorts, kept counts. */
@Injectable()
export class AppUserList extends ResourceList<AppUser, AppUserView, UserListFilters, AppUserCounts> {
  readonly key = KEY;

  constructor(
    private readonly users: AppUsersRepository,
    private readonly enterprises: EnterprisesRepository,
    private readonly lookups: UserLookupsService,
    private readonly cities: CitiesService,
    private readonly kept: KeptCounts,
  ) {
    super();
  }

  /**
   * How many users match the search and dates in each status filter: kept counts without a search; with
   * one, counted once (one grouped query) and remembered until the users table changes.
   */
  async counts(filters: UserListFilters): Promise<AppUserCounts> {
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    if (!search.active) return this.keptCounts(days);
    return this.kept.remembered(['app_users', 'enterprises'], JSON.stringify(['users', search.terms, days.from?.day, days.to?.day]), async () =>
      statusCounts(await this.users.countsBySearch(days, { search, plan: await this.searchPlan(search), fulltext: this.users.mysql })),
    );
  }

  countsKept(filters: UserListFilters): KeptCountsOf<AppUserCounts> | null {
    const days = registrationDays(filters);
    return textSearch(filters.busca).active || days.from || days.to ? null : USERS_PER_STATUS;
  }

  total(counts: AppUserCounts, filters: UserListFilters): number {
    return counts[filters.status ?? 'todos'];
  }

  /** Users per status, all or registered on the given days, from the kept counts. */
  async keptCounts(days: RegistrationDays = {}): Promise<AppUserCounts> {
    if (!days.from && !days.to) return statusCounts(await this.kept.buckets(USERS_PER_STATUS.subject));
    return statusCounts(await this.kept.daysPerBucket('app_users', days.from?.day, days.to?.day));
  }

  /** Newest registration first by default; by Status, each tab newest first. */
  async runs(filters: UserListFilters, counts: AppUserCounts | null): Promise<ListRun<AppUser>[]> {
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    const plan = search.active ? await this.searchPlan(search) : null;
    const parts = statusSortParts(filters, {
      columns: USER_SORT_COLUMNS,
      defaultKey: 'cadastro',
      first: (key) => (key === 'cadastro' ? 'desc' : 'asc'),
      byStatus: { columns: BY_ADDED, direction: 'desc' },
    });
    return parts.map((part) => ({
      total: counts?.[part.status] ?? 0,
      columns: part.columns,
      direction: part.direction,
      page: async (window: PageWindow) => {
        // The walk in registration order reads idx_app_users_added_search alone; any other order would read
        // each row it tests, so there the FULLTEXT index finds the candidates whenever it can.
        const fulltext =
          this.users.mysql &&
          search.fulltext !== null &&
          (part.columns !== BY_ADDED || preferFulltext(search, window, counts?.[part.status] ?? 0, (await this.keptCounts(days))[part.status]));
        return {
          query: () => this.users.filtered(part.status, days, plan && { search, plan, fulltext }),
          // A search checks many rows for each one it keeps: it finds the page's ids first, then reads those rows.
          // Without one, the statement depends on the status tab, the dates and the order only.
          reading: search.active
            ? { deferredBy: 'u.userId' }
            : {
                kept: { shape: `users:${part.status}:${days.from?.day ?? ''}:${days.to?.day ?? ''}:${part.key}:${part.direction}`, on: this.users.dataSource },
              },
        };
      },
      all: () => () => this.users.filtered(part.status, days, plan && { search, plan, fulltext: this.users.mysql }),
    }));
  }

  async selection(filters: UserListFilters, everyRow: boolean) {
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    // Rows ticked one by one are changed by id: the search's plan is only needed to select every result.
    const searched: UserSearch | null = search.active && everyRow ? { search, plan: await this.searchPlan(search), fulltext: this.users.mysql } : null;
    return () => this.users.filtered(filters.status ?? 'todos', days, searched);
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

  async views(rows: AppUser[]): Promise<AppUserView[]> {
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
        date_added: isoTime(row.dateAdded),
        date_modified: isoTime(row.dateModified),
        plano_valido: row.planoValido ? isoTime(row.planoValido) : null,
        device_id: row.deviceId,
        version: Number(row.version),
      };
    });
  }
}

/** The app users as a resource of the back office: their list, export, bulk status change and counter. */
export const APP_USERS: ResourceDeclaration<AppUser, AppUserView, UserListFilters, AppUserCounts> = {
  path: 'users',
  noun: BULK_TARGET.task,
  source: AppUserList,
  list: {
    query: ListUsersQuery,
    summary: 'Lista os usuários do app',
    description:
      'Filtra por status (padrão: todos) e período de cadastro, busca por nome, e-mail, CPF, empresa ou cargo; ordena por nome, email, cadastro, empresa ou status; paginada.',
    defaults: { status: 'todos' },
  },
  export: {
    query: ExportUsersQuery,
    summary: 'Exporta os usuários do app',
    description:
      'Exatamente o que a lista mostra com o status, o período, a busca e a ordem enviados, todas as linhas, em CSV (UTF-8 com BOM, separador `;`, datas dd/mm/aaaa, CPF formatado) ou XLSX. Fica registrado na auditoria.',
    audit: 'user.export',
    file: 'usuarios',
    sheet: 'Usuários',
    columns: USER_COLUMNS,
  },
  bulk: { input: BulkUserStatusInput, summary: 'Ativa ou desativa usuários do app em lote', target: BULK_TARGET },
  counter: { path: 'contador/ativos', summary: 'Conta os usuários do app ativos', of: (counts) => counts.ativos },
};
