import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { whereTextSearch, type TextSearch } from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import { Contact, type ContactStatus } from './contact.entity.js';

/** The contact messages' SQL: a tab's selection and the sender search. */
@Injectable()
export class ContactsRepository {
  constructor(@InjectRepository(Contact) private readonly contacts: Repository<Contact>) {}

  get dataSource() {
    return this.contacts.manager.connection;
  }

  /** The messages of one status, unordered. */
  ofStatus(status: ContactStatus): SelectQueryBuilder<Contact> {
    return this.contacts.createQueryBuilder('c').where('c.status = :status', { status });
  }

  /** The newest `limit` messages whose sender matches the search, whatever their status. */
  newestMatching(search: TextSearch, limit: number): Promise<Contact[]> {
    const query = this.contacts.createQueryBuilder('c');
    whereTextSearch(query, ['c.search_text'], search, isMysql(this.contacts.manager.connection));
    return query.orderBy('c.createdAt', 'DESC').addOrderBy('c.id', 'DESC').limit(limit).getMany();
  }
}
