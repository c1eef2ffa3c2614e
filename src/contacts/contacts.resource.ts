import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Admin } from '../auth/admin.entity.js';
import { ResourceList, type KeptCountsOf, type ListRun } from '../common/resources/list-source.js';
import type { ResourceDeclaration } from '../common/resources/resource-routes.js';
import type { OrderColumn, SortDirection } from '../common/sql/list-query.js';
import { KeptCounts } from '../database/kept-counts.js';
import type { ContactCounts, ContactView } from '../shared/contact.views.js';
import type { Contact, ContactStatus } from './contact.entity.js';
import { CONTACT_COLUMNS, ExportContactsQuery } from './contacts.export.js';
import { contactView } from './contacts.mapper.js';
import { ContactsRepository } from './contacts.repository.js';
import { ListContactsQuery } from './dto/list-contacts.query.js';

export interface ContactListFilters {
  status?: ContactStatus;
  page?: number;
  pageSize?: number;
  /** The date's direction: newest first (desc) unless asc. */
  sentido?: SortDirection;
}

const KEY: OrderColumn = { path: 'c.id', column: 'c.id' };

/** The date a tab shows and is ordered by: when received (pending) or when answered. */
function dateColumns(status: ContactStatus): OrderColumn[] {
  return status === 'pendente' ? [{ path: 'c.createdAt', column: 'c.created_at' }] : [{ path: 'c.respondedAt', column: 'c.responded_at' }];
}

function contactCounts(perStatus: Map<string, number>): ContactCounts {
  return { pendente: perStatus.get('pendente') ?? 0, respondido: perStatus.get('respondido') ?? 0 };
}

/** The messages per status, kept by the database. */
const CONTACT_COUNTS: KeptCountsOf<ContactCounts> = { subject: 'contacts.status', counts: contactCounts };

/** The contact messages' list: one status per tab, pending ones newest first, answered ones by latest answer. */
@Injectable()
export class ContactList extends ResourceList<Contact, ContactView, ContactListFilters, ContactCounts> {
  readonly key = KEY;

  constructor(
    private readonly contacts: ContactsRepository,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly kept: KeptCounts,
  ) {
    super();
  }

  /** How many messages each tab holds (kept counts). */
  async counts(): Promise<ContactCounts> {
    return contactCounts(await this.kept.buckets(CONTACT_COUNTS.subject));
  }

  countsKept(): KeptCountsOf<ContactCounts> {
    return CONTACT_COUNTS;
  }

  total(counts: ContactCounts, filters: ContactListFilters): number {
    return counts[filters.status ?? 'pendente'];
  }

  async runs(filters: ContactListFilters, counts: ContactCounts | null): Promise<ListRun<Contact>[]> {
    const status = filters.status ?? 'pendente';
    const direction = filters.sentido ?? 'desc';
    const query = () => this.contacts.ofStatus(status);
    return [
      {
        total: counts?.[status] ?? 0,
        columns: dateColumns(status),
        direction,
        page: async () => ({ query, reading: { kept: { shape: `contacts:${status}:${direction}`, on: this.contacts.dataSource } } }),
        all: () => query,
      },
    ];
  }

  /** The messages' views, with the name of the admin who answered each. */
  async views(rows: Contact[]): Promise<ContactView[]> {
    const adminIds = [...new Set(rows.map((row) => row.respondedBy).filter((id): id is number => id !== null))];
    const admins = adminIds.length > 0 ? await this.admins.find({ select: { adminId: true, name: true }, where: { adminId: In(adminIds) } }) : [];
    const names = new Map(admins.map((admin) => [admin.adminId, admin.name]));
    return rows.map((row) => contactView(row, row.respondedBy ? (names.get(row.respondedBy) ?? null) : null));
  }
}

/** The contact messages as a resource of the back office: their list, export and counter (no bulk change). */
export const CONTACTS: ResourceDeclaration<Contact, ContactView, ContactListFilters, ContactCounts> = {
  path: 'contatos',
  noun: { many: 'contatos', feminine: false },
  source: ContactList,
  list: {
    query: ListContactsQuery,
    summary: 'Lista as mensagens de contato',
    description:
      'Aba pendentes ou respondidas, pela data que a aba mostra (recebida ou respondida): mais recentes primeiro, ou as mais antigas com `sentido=asc`; paginada.',
    defaults: { status: 'pendente' },
  },
  export: {
    query: ExportContactsQuery,
    summary: 'Exporta as mensagens de contato',
    description: 'Todas as mensagens da aba, na ordem da lista, em CSV (UTF-8 com BOM, separador `;`) ou XLSX. Fica registrado na auditoria.',
    audit: 'contact.export',
    file: 'contatos',
    sheet: 'Contatos',
    columns: CONTACT_COLUMNS,
  },
  counter: { path: 'contador', summary: 'Conta as mensagens pendentes', of: (counts) => counts.pendente },
};
