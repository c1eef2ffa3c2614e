import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { plainQuery } from '../common/sql/plain-query.js';
import { textSearch } from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import { Enterprise } from './enterprise.entity.js';

/** The companies' SQL besides their list's (StatusTabList): the reads other lists make of companies. */
@Injectable()
export class EnterprisesRepository {
  constructor(@InjectRepository(Enterprise) private readonly enterprises: Repository<Enterprise>) {}

  /** Whether the FULLTEXT indexes exist (MySQL/MariaDB). */
  get mysql(): boolean {
    return isMysql(this.enterprises.manager.connection);
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
