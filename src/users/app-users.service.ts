import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository, type SelectQueryBuilder } from 'typeorm';
import { City } from '../cities/city.entity.js';
import { onlyDigits } from '../shared/br/index.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { KeptCounts, statusCounts } from '../database/kept-counts.js';
import { pageWindow, preferFulltext, readPage, textSearch, whereTextSearch } from '../database/list-query.js';
import { isMysql } from '../database/sql-dialect.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AppUser } from './app-user.entity.js';
import { appUserSearchColumns } from './app-user-search.js';
import type { AppUserCounts, AppUserPage, AppUserView } from '../shared/app-user.views.js';
import { Cargo } from './cargo.entity.js';
import type { UpdateUserInput } from './dto/update-user.input.js';
import type { UserStatusFilter } from './dto/list-users.query.js';
import { Ocupacao } from './ocupacao.entity.js';
import { usersError } from './users.errors.js';
import { dayStartUtc, nextDayStartUtc, utcDatetimeText } from '../common/sao-paulo-day.js';

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
}

/** What the search box matches: the user's name, e-mail and CPF, and the company and cargo words. */
const SEARCH_COLUMNS = ['u.search_text', 'u.org_search'];

interface RegistrationDays {
  from?: { day: string; start: Date };
  to?: { day: string; start: Date };
}

/** Users registered on the filter's São Paulo days (the UTC instants those days cover). */
function whereRegistered(query: SelectQueryBuilder<AppUser>, days: RegistrationDays): void {
  if (days.from) query.andWhere('u.date_added >= :from', { from: utcDatetimeText(days.from.start) });
  if (days.to) query.andWhere('u.date_added < :to', { to: utcDatetimeText(nextDayStartUtc(days.to.start)) });
}

/** The São Paulo days of the date filters, checked: a malformed date or a reversed range is refused. */
function registrationDays(filters: UserListFilters): RegistrationDays {
  const from = filters.date_from ? dayStartUtc(filters.date_from) : null;
  const to = filters.date_to ? dayStartUtc(filters.date_to) : null;
  if ((filters.date_from && !from) || (filters.date_to && !to)) {
    const field = filters.date_from && !from ? 'date_from' : 'date_to';
    throw new ValidationFailedException({ [field]: 'Data inválida: use AAAA-MM-DD.' });
  }
  if (from && to && from > to) {
    throw new ValidationFailedException({ date_from: 'A data inicial deve ser anterior ou igual à data final.' });
  }
  return { ...(from ? { from: { day: filters.date_from!, start: from } } : {}), ...(to ? { to: { day: filters.date_to!, start: to } } : {}) };
}

/** The mobile app's users. */
@Injectable()
export class AppUsersService {
  constructor(
    @InjectRepository(AppUser) private readonly users: Repository<AppUser>,
    @InjectRepository(Enterprise) private readonly enterprises: Repository<Enterprise>,
    @InjectRepository(Cargo) private readonly cargos: Repository<Cargo>,
    @InjectRepository(Ocupacao) private readonly ocupacoes: Repository<Ocupacao>,
    @InjectRepository(City) private readonly cities: Repository<City>,
    private readonly kept: KeptCounts,
  ) {}

  /** A page of users, newest registrations first. */
  async list(filters: UserListFilters): Promise<AppUserPage> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    const pick = (counts: AppUserCounts) => counts[filters.status ?? 'todos'];
    const total = pick(await this.counts(filters));
    const window = pageWindow(page, pageSize, total);
    const query = this.users.createQueryBuilder('u');
    whereRegistered(query, days);
    if (filters.status === 'ativos') query.andWhere('u.status = 1');
    if (filters.status === 'inativos') query.andWhere('u.status = 0');
    if (search.active) {
      const walked = pick(await this.keptCounts(days));
      whereTextSearch(query, SEARCH_COLUMNS, search, isMysql(this.users.manager.connection) && preferFulltext(search, window, total, walked));
    }
    const rows = await readPage(
      query,
      [
        ['u.dateAdded', 'DESC'],
        ['u.userId', 'DESC'],
      ],
      window,
    );
    return { data: await this.views(rows), total, page, pageSize };
  }

  /**
   * How many users match the search and dates in each status filter: kept counts without a search; with
   * one, counted once (one grouped query) and remembered until the users table changes.
   */
  async counts(filters: UserListFilters): Promise<AppUserCounts> {
    const days = registrationDays(filters);
    const search = textSearch(filters.busca);
    if (!search.active) return this.keptCounts(days);
    return this.kept.remembered(['app_users'], JSON.stringify(['users', search.terms, days.from?.day, days.to?.day]), async () => {
      const query = this.users.createQueryBuilder('u').select('u.status', 'status').addSelect('COUNT(*)', 'total').groupBy('u.status');
      whereRegistered(query, days);
      whereTextSearch(query, SEARCH_COLUMNS, search, isMysql(this.users.manager.connection));
      const rows = await query.getRawMany<{ status: number | string; total: number | string }>();
      return statusCounts(new Map(rows.map((row) => [String(Number(row.status)), Number(row.total)])));
    });
  }

  /** Users per status, all or registered on the given days, from the kept counts. */
  private async keptCounts(days: RegistrationDays): Promise<AppUserCounts> {
    if (!days.from && !days.to) return statusCounts(await this.kept.buckets('app_users.status'));
    return statusCounts(await this.kept.daysPerBucket('app_users', days.from?.day, days.to?.day));
  }

  async countActive(): Promise<number> {
    return (await this.kept.buckets('app_users.status')).get('1') ?? 0;
  }

  async get(id: number): Promise<AppUserView> {
    const [view] = await this.views([await this.find(id)]);
    return view;
  }

  /** Replaces the profile fields of the edit form; the rest (status, dates, plan, device) is never taken from it. */
  async update(id: number, input: UpdateUserInput): Promise<AppUserView> {
    const user = await this.find(id);
    const email = input.email.toLowerCase();
    const errors: Record<string, string> = {};
    const other = await this.users.findOne({ select: { userId: true }, where: { email } });
    if (other && other.userId !== id) throw duplicateEmail();
    const company = input.enterprise_id
      ? await this.enterprises.findOne({ select: { enterpriseId: true, razao: true, fantasia: true }, where: { enterpriseId: input.enterprise_id } })
      : null;
    const cargo = input.cargo_id ? await this.cargos.findOneBy({ cargoId: input.cargo_id }) : null;
    if (input.enterprise_id && !company) errors.enterprise_id = 'Empresa não encontrada.';
    if (input.cargo_id && !cargo) errors.cargo_id = 'Cargo não encontrado.';
    if (input.ocupacao_id && !(await this.ocupacoes.existsBy({ ocupacaoId: input.ocupacao_id }))) errors.ocupacao_id = 'Ramo de atividade não encontrado.';
    if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
    const cpf = input.cpf ? onlyDigits(input.cpf) : null;
    const values = {
      firstname: input.firstname,
      lastname: input.lastname,
      email,
      fone: input.fone ? onlyDigits(input.fone) : null,
      cpf,
      enterpriseId: input.enterprise_id ?? null,
      cargoId: input.cargo_id ?? null,
      ocupacaoId: input.ocupacao_id ?? null,
      dateModified: new Date(),
      ...appUserSearchColumns({ firstname: input.firstname, lastname: input.lastname, email, cpf, company, cargo: cargo?.name ?? null }),
    };
    try {
      await this.users.save(this.users.merge(user, values));
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) throw duplicateEmail();
      throw error;
    }
    return this.get(id);
  }

  async setStatus(id: number, status: 0 | 1): Promise<AppUserView> {
    await this.find(id);
    await this.users.update({ userId: id }, { status, dateModified: new Date() });
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
    const [enterprises, cargos, ocupacoes, cities] = await Promise.all([
      ids('enterpriseId').length
        ? this.enterprises.find({ select: { enterpriseId: true, fantasia: true }, where: { enterpriseId: In(ids('enterpriseId')) } })
        : [],
      ids('cargoId').length ? this.cargos.findBy({ cargoId: In(ids('cargoId')) }) : [],
      ids('ocupacaoId').length ? this.ocupacoes.findBy({ ocupacaoId: In(ids('ocupacaoId')) }) : [],
      ids('cityId').length ? this.cities.findBy({ cityId: In(ids('cityId')) }) : [],
    ]);
    const enterpriseNames = new Map(enterprises.map((row) => [row.enterpriseId, row.fantasia]));
    const cargoNames = new Map(cargos.map((row) => [row.cargoId, row.name]));
    const ocupacaoNames = new Map(ocupacoes.map((row) => [row.ocupacaoId, row.name]));
    const cityById = new Map(cities.map((row) => [row.cityId, row]));
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
      };
    });
  }
}

function duplicateEmail(): AppException {
  return usersError('EMAIL_ALREADY_REGISTERED');
}
