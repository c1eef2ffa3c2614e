import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { plainQuery } from '../common/sql/plain-query.js';
import { textSearch, whereTextSearch, type TextSearch } from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import type { EnterpriseListFilters } from '../shared/enterprise.views.js';
import { Enterprise } from './enterprise.entity.js';

/** What the search box matches: the words of razão, fantasia, CNPJ, IE, bairro, city and UF. */
const SEARCH_COLUMNS = ['e.search_text'];

/** The companies' SQL: the list's selection, the search's counts, and the reads other lists make of companies. */
@Injectable()
export class EnterprisesRepository {
  constructor(@InjectRepository(Enterprise) private readonly enterprises: Repository<Enterprise>) {}

  get dataSource() {
    return this.enterprises.manager.connection;
  }

  /** Whether the FULLTEXT indexes exist (MySQL/MariaDB). */
  get mysql(): boolean {
    return isMysql(this.enterprises.manager.connection);
  }

  /** The companies of a status tab and search, unordered. */
  filtered(filters: Pick<EnterpriseListFilters, 'status'>, search: TextSearch, fulltext: boolean): SelectQueryBuilder<Enterprise> {
    const builder = this.enterprises.createQueryBuilder('e');
    if (filters.status === 'ativos') builder.andWhere('e.ativo = 1');
    if (filters.status === 'inativos') builder.andWhere('e.ativo = 0');
    if (search.active) whereTextSearch(builder, SEARCH_COLUMNS, search, fulltext);
    return builder;
  }

  /** How many companies the search matches per status ('1', '0'), in one grouped query. */
  async countsBySearch(search: TextSearch): Promise<Map<string, number>> {
    const query = this.enterprises.createQueryBuilder('e').select('e.ativo', 'ativo').addSelect('COUNT(*)', 'total').groupBy('e.ativo');
    whereTextSearch(query, SEARCH_COLUMNS, search, this.mysql);
    const rows = await query.getRawMany<{ ativo: number | string; total: number | string }>();
    return new Map(rows.map((row) => [String(Number(row.ativo)), Number(row.total)]));
  }

  /**
   * The companies with, for each of `terms` (search terms, as searchTerms gives them), a word of fantasia or
   * razão starting with it; null when there are more than `max`.
   */
  async idsByNameWords(terms: string[], max: number): Promise<number[] | null> {
    const query = this.enterprises
      .createQueryBuilder('e')
      .select('e.enterprise_id', 'id')
      .limit(max + 1);
    terms.forEach((term, index) => query.andWhere(`e.name_search LIKE :term${index}`, { [`term${index}`]: `% ${term}%` }));
    const search = textSearch(terms.join(' '));
    if (this.mysql && search.fulltext) query.andWhere('MATCH(e.name_search) AGAINST (:fulltext IN BOOLEAN MODE)', { fulltext: search.fulltext });
    const rows = await query.getRawMany<{ id: number | string }>();
    return rows.length > max ? null : rows.map((row) => Number(row.id));
  }

  /** The fantasia of each of the given companies. */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    // Read for every page of users: a plain statement by primary key.
    const rows = await plainQuery<{ enterprise_id: number | string; fantasia: string }>(
      this.enterprises.manager.connection,
      `SELECT enterprise_id, fantasia FROM enterprises WHERE enterprise_id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((row) => [Number(row.enterprise_id), row.fantasia]));
  }
}
