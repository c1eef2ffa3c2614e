import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, QueryFailedError, Repository, type SelectQueryBuilder } from 'typeorm';
import { City } from '../cities/city.entity.js';
import { onlyDigits } from '../common/br/index.js';
import { AppException } from '../common/http/app.exception.js';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { escapeLike, LIKE_ESCAPE, toSearchText } from '../common/search-text.js';
import { countPerDay } from '../database/daily-counts.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AppUser } from './app-user.entity.js';
import { appUserSearchColumns } from './app-user-search.js';
import type { AppUserCounts, AppUserPage, AppUserView } from './app-user.views.js';
import { Cargo } from './cargo.entity.js';
import type { UpdateUserInput } from './dto/update-user.input.js';
import type { UserStatusFilter } from './dto/list-users.query.js';
import { Ocupacao } from './ocupacao.entity.js';

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

const MAX_SEARCH_WORDS = 8;
const SAO_PAULO_OFFSET_HOURS = 3;

/** The UTC instant a São Paulo day starts, or null when the text is not a real date. */
function dayStartUtc(day: string): Date | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  return new Date(date.getTime() + SAO_PAULO_OFFSET_HOURS * 3600 * 1000);
}

const utcText = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** The mobile app's users. */
@Injectable()
export class AppUsersService {
  constructor(
    @InjectRepository(AppUser) private readonly users: Repository<AppUser>,
    @InjectRepository(Enterprise) private readonly enterprises: Repository<Enterprise>,
    @InjectRepository(Cargo) private readonly cargos: Repository<Cargo>,
    @InjectRepository(Ocupacao) private readonly ocupacoes: Repository<Ocupacao>,
    @InjectRepository(City) private readonly cities: Repository<City>,
  ) {}

  /** A page of users, newest registrations first. */
  async list(filters: UserListFilters): Promise<AppUserPage> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const query = await this.filtered(filters);
    if (filters.status === 'ativos') query.andWhere('u.status = 1');
    if (filters.status === 'inativos') query.andWhere('u.status = 0');
    const [rows, total] = await query
      .orderBy('u.dateAdded', 'DESC')
      .addOrderBy('u.userId', 'DESC')
      // offset/limit, not skip/take: the company join is many-to-one, so rows never repeat and TypeORM's
      // two-query pagination for joins is not needed.
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getManyAndCount();
    return { data: await this.views(rows), total, page, pageSize };
  }

  /** How many users match the search and dates in each status filter (one grouped query). */
  async counts(filters: UserListFilters): Promise<AppUserCounts> {
    const query = (await this.filtered(filters)).select('u.status', 'status').addSelect('COUNT(*)', 'total').groupBy('u.status');
    const rows = await query.getRawMany<{ status: number | string; total: number | string }>();
    const ativos = Number(rows.find((row) => Number(row.status) === 1)?.total ?? 0);
    const inativos = Number(rows.find((row) => Number(row.status) === 0)?.total ?? 0);
    return { todos: ativos + inativos, ativos, inativos };
  }

  countActive(): Promise<number> {
    return this.users.countBy({ status: 1 });
  }

  async get(id: number): Promise<AppUserView> {
    const [view] = await this.views([await this.find(id)]);
    return view;
  }

  async findEntity(id: number): Promise<AppUser> {
    return this.find(id);
  }

  /** Replaces the profile fields of the edit form; the rest (status, dates, plan, device) is never taken from it. */
  async update(id: number, input: UpdateUserInput): Promise<AppUserView> {
    const user = await this.find(id);
    const email = input.email.toLowerCase();
    const errors: Record<string, string> = {};
    const other = await this.users.findOne({ select: { userId: true }, where: { email } });
    if (other && other.userId !== id) throw duplicateEmail();
    if (input.enterprise_id && !(await this.enterprises.existsBy({ enterpriseId: input.enterprise_id }))) errors.enterprise_id = 'Empresa não encontrada.';
    if (input.cargo_id && !(await this.cargos.existsBy({ cargoId: input.cargo_id }))) errors.cargo_id = 'Cargo não encontrado.';
    if (input.ocupacao_id && !(await this.ocupacoes.existsBy({ ocupacaoId: input.ocupacao_id }))) errors.ocupacao_id = 'Ramo de atividade não encontrado.';
    if (Object.keys(errors).length > 0) throw new AppException(400, 'VALIDATION_FAILED', Object.values(errors)[0], errors);
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
      ...appUserSearchColumns({ firstname: input.firstname, lastname: input.lastname, email, cpf }),
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

  /** Users per company, the `limit` largest by name, counted with GROUP BY. */
  async perEnterprise(limit: number): Promise<UsersPerEnterprise> {
    const top = await this.users
      .createQueryBuilder('u')
      .innerJoin(Enterprise, 'e', 'e.enterprise_id = u.enterprise_id')
      .select('u.enterprise_id', 'enterprise_id')
      .addSelect('e.fantasia', 'name')
      .addSelect('COUNT(*)', 'total')
      .groupBy('u.enterprise_id')
      .addGroupBy('e.fantasia')
      .orderBy('total', 'DESC')
      .addOrderBy('e.fantasia', 'ASC')
      .limit(limit)
      .getRawMany<{ enterprise_id: number | string; name: string; total: number | string }>();
    const totals = await this.users
      .createQueryBuilder('u')
      .select('COUNT(*)', 'total')
      .addSelect('SUM(CASE WHEN u.enterprise_id IS NULL THEN 1 ELSE 0 END)', 'without')
      .getRawOne<{ total: number | string; without: number | string | null }>();
    const total = Number(totals?.total ?? 0);
    const withoutEnterprise = Number(totals?.without ?? 0);
    const rows = top.map((row) => ({ enterprise_id: Number(row.enterprise_id), name: row.name, total: Number(row.total) }));
    return { top: rows, others: total - withoutEnterprise - rows.reduce((sum, row) => sum + row.total, 0), withoutEnterprise, total };
  }

  /** Sign-ups per day (São Paulo) from an instant on. */
  signupsPerDay(startUtc: string): Promise<Map<string, number>> {
    return countPerDay(this.users.createQueryBuilder('u'), 'u.date_added', startUtc);
  }

  private async find(id: number): Promise<AppUser> {
    const user = await this.users.findOneBy({ userId: id });
    if (!user) throw new AppException(404, 'USER_NOT_FOUND', 'Usuário não encontrado.');
    return user;
  }

  /**
   * The users matching the search and the registration days. Every word must appear in the user's name,
   * e-mail or CPF (with or without punctuation), the company's trade name or the cargo, accents and case
   * ignored, wildcards matched literally.
   */
  private async filtered(filters: UserListFilters): Promise<SelectQueryBuilder<AppUser>> {
    const query = this.users.createQueryBuilder('u').leftJoin(Enterprise, 'e', 'e.enterprise_id = u.enterprise_id');
    const from = filters.date_from ? dayStartUtc(filters.date_from) : null;
    const to = filters.date_to ? dayStartUtc(filters.date_to) : null;
    if ((filters.date_from && !from) || (filters.date_to && !to)) {
      const field = filters.date_from && !from ? 'date_from' : 'date_to';
      throw new AppException(400, 'VALIDATION_FAILED', 'Data inválida: use AAAA-MM-DD.', { [field]: 'Data inválida: use AAAA-MM-DD.' });
    }
    if (from && to && from > to) {
      throw new AppException(400, 'VALIDATION_FAILED', 'A data inicial deve ser anterior ou igual à data final.', { date_from: 'A data inicial deve ser anterior ou igual à data final.' });
    }
    if (from) query.andWhere('u.date_added >= :from', { from: utcText(from) });
    if (to) query.andWhere('u.date_added < :to', { to: utcText(new Date(to.getTime() + 86_400_000)) });

    const words = toSearchText(filters.busca ?? '').split(' ').filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    if (words.length > 0) {
      const cargos = await this.cargos.find();
      words.forEach((word, index) => {
        const compact = word.replace(/[.\-/]/g, '');
        const cargoIds = cargos.filter((cargo) => toSearchText(cargo.name).includes(word)).map((cargo) => cargo.cargoId);
        query.andWhere(
          new Brackets((where) => {
            where.where(`u.search_text LIKE :w${index} ${LIKE_ESCAPE}`, { [`w${index}`]: `%${escapeLike(word)}%` });
            if (compact && compact !== word) where.orWhere(`u.search_text LIKE :c${index} ${LIKE_ESCAPE}`, { [`c${index}`]: `%${escapeLike(compact)}%` });
            where.orWhere(`e.search_text LIKE :e${index} ${LIKE_ESCAPE}`, { [`e${index}`]: `%${escapeLike(word)}%` });
            if (cargoIds.length > 0) where.orWhere(`u.cargo_id IN (:...g${index})`, { [`g${index}`]: cargoIds });
          }),
        );
      });
    }
    return query;
  }

  private async views(rows: AppUser[]): Promise<AppUserView[]> {
    const ids = <K extends keyof AppUser>(key: K) => [...new Set(rows.map((row) => row[key]).filter((id): id is NonNullable<AppUser[K]> => id !== null))] as number[];
    const [enterprises, cargos, ocupacoes, cities] = await Promise.all([
      ids('enterpriseId').length ? this.enterprises.find({ select: { enterpriseId: true, fantasia: true }, where: { enterpriseId: In(ids('enterpriseId')) } }) : [],
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
  return new AppException(409, 'EMAIL_ALREADY_REGISTERED', 'Já existe um usuário com este email.', { email: 'Já existe um usuário com este email.' });
}
