import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import type { TextSearch } from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import { nextDayStartUtc, utcDatetimeText } from '../common/sao-paulo-day.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import type { LinkedUserView } from '../shared/enterprise.views.js';
import { AppUser } from './app-user.entity.js';
import { Cargo } from './cargo.entity.js';
import type { UserStatusFilter } from './dto/list-users.query.js';

/** Companies found by name: their ids, or 'many' past COMPANY_IDS_MAX (then each user's company row is read). */
export type CompanyIds = number[] | 'many';

/** What a search's terms match besides the users' own words, resolved once per search. */
export interface SearchPlan {
  /** Per term: the cargos and the companies it starts a word of. */
  terms: Map<string, { cargos: number[]; companies: CompanyIds }>;
  /** The companies whose name holds every term. */
  everyTerm: CompanyIds;
}

/** The São Paulo days of the registration filter, with the UTC instants they start at. */
export interface RegistrationDays {
  from?: { day: string; start: Date };
  to?: { day: string; start: Date };
}

/** A search with what its terms match besides the users' own words, and whether the FULLTEXT indexes find the candidates. */
export interface UserSearch {
  search: TextSearch;
  plan: SearchPlan;
  fulltext: boolean;
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

/** Users registered on the filter's São Paulo days (the UTC instants those days cover). */
function whereRegistered(query: SelectQueryBuilder<AppUser>, days: RegistrationDays): void {
  if (days.from) query.andWhere('u.date_added >= :from', { from: utcDatetimeText(days.from.start) });
  if (days.to) query.andWhere('u.date_added < :to', { to: utcDatetimeText(nextDayStartUtc(days.to.start)) });
}

/** The app users' SQL: the list's selection (status, registration days, search) and the reads of a company's users. */
@Injectable()
export class AppUsersRepository {
  constructor(@InjectRepository(AppUser) private readonly users: Repository<AppUser>) {}

  get dataSource() {
    return this.users.manager.connection;
  }

  /** Whether the FULLTEXT indexes exist (MySQL/MariaDB). */
  get mysql(): boolean {
    return isMysql(this.users.manager.connection);
  }

  /** The users of a status tab, registration days and search, unordered. */
  filtered(status: UserStatusFilter | undefined, days: RegistrationDays, searched: UserSearch | null): SelectQueryBuilder<AppUser> {
    const builder = this.users.createQueryBuilder('u');
    whereRegistered(builder, days);
    if (status === 'ativos') builder.andWhere('u.status = 1');
    if (status === 'inativos') builder.andWhere('u.status = 0');
    if (searched) whereSearched(builder, searched.search, searched.plan, searched.fulltext);
    return builder;
  }

  /** How many users the search and days match per status ('1', '0'), in one grouped query. */
  async countsBySearch(days: RegistrationDays, searched: UserSearch): Promise<Map<string, number>> {
    const query = this.users.createQueryBuilder('u').select('u.status', 'status').addSelect('COUNT(*)', 'total').groupBy('u.status');
    whereRegistered(query, days);
    whereSearched(query, searched.search, searched.plan, searched.fulltext);
    const rows = await query.getRawMany<{ status: number | string; total: number | string }>();
    return new Map(rows.map((row) => [String(Number(row.status)), Number(row.total)]));
  }

  /** A page of the app users linked to a company, by name (the company's details), and how many there are. */
  async ofCompany(enterpriseId: number, page: number, pageSize: number): Promise<{ data: LinkedUserView[]; total: number }> {
    const total = await this.users.createQueryBuilder('u').where('u.enterprise_id = :enterpriseId', { enterpriseId }).getCount();
    const rows = await this.users
      .createQueryBuilder('u')
      .leftJoin(Cargo, 'c', 'c.cargo_id = u.cargo_id')
      .select(['u.user_id AS user_id', 'u.firstname AS firstname', 'u.lastname AS lastname', 'u.email AS email', 'c.name AS cargo_nome', 'u.status AS status'])
      .where('u.enterprise_id = :enterpriseId', { enterpriseId })
      .orderBy('u.sort_name', 'ASC')
      .addOrderBy('u.user_id', 'ASC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getRawMany<LinkedUserView>();
    return { data: rows.map((row) => ({ ...row, user_id: Number(row.user_id), status: Number(row.status) })), total };
  }
}
