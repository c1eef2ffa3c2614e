import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository } from 'typeorm';
import { Admin } from '../auth/admin.entity.js';
import { onlyDigits } from '../shared/br/index.js';
import { AppException } from '../common/http/app.exception.js';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { KeptCounts } from '../database/kept-counts.js';
import { EXPORT_BATCH, pageWindow, readPage, storedDatetime, textSearch, whereTextSearch } from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import { Contact, type ContactStatus, type ResponseChannel } from './contact.entity.js';
import type { ContactCounts, ContactPage, ContactView } from '../shared/contact.views.js';
import type { SendContactInput } from './dto/send-contact.input.js';
import { contactsError } from './contacts.errors.js';

@Injectable()
export class ContactsService {
  constructor(
    @InjectRepository(Contact) private readonly contacts: Repository<Contact>,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly kept: KeptCounts,
  ) {}

  /**
   * Stores a message from the site as pending. A filled honeypot means a bot: it is told the message was
   * sent, and nothing is stored. Returns whether it was stored.
   */
  async receive(input: SendContactInput, sender: { ip: string | null; userAgent: string | null }): Promise<boolean> {
    if (input.empresa && input.empresa.trim() !== '') return false;
    await this.contacts.insert({
      nome: input.nome,
      email: input.email,
      telefone: onlyDigits(input.telefone, 11),
      mensagem: input.mensagem,
      origem: input.origem || 'site',
      status: 'pendente',
      senderIp: sender.ip?.slice(0, 45) ?? null,
      userAgent: sender.userAgent?.slice(0, 255) ?? null,
    });
    return true;
  }

  /** A page of messages of one status: pending ones newest first, answered ones by latest answer. */
  async list(filters: { status?: ContactStatus; page?: number; pageSize?: number }): Promise<ContactPage> {
    const status = filters.status ?? 'pendente';
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const total = (await this.counts())[status];
    const order: [string, 'ASC' | 'DESC'][] =
      status === 'pendente'
        ? [
            ['c.createdAt', 'DESC'],
            ['c.id', 'DESC'],
          ]
        : [
            ['c.respondedAt', 'DESC'],
            ['c.id', 'DESC'],
          ];
    const rows = await readPage(() => this.contacts.createQueryBuilder('c').where('c.status = :status', { status }), order, pageWindow(page, pageSize, total), {
      kept: { shape: `contacts:${status}`, on: this.contacts.manager.connection },
    });
    const adminIds = [...new Set(rows.map((row) => row.respondedBy).filter((id): id is number => id !== null))];
    const admins = adminIds.length > 0 ? await this.admins.find({ select: { adminId: true, name: true }, where: { adminId: In(adminIds) } }) : [];
    const names = new Map(admins.map((admin) => [admin.adminId, admin.name]));
    return { data: rows.map((row) => contactView(row, row.respondedBy ? (names.get(row.respondedBy) ?? null) : null)), total, page, pageSize };
  }

  /**
   * The newest `limit` messages whose sender matches `busca` by the lists' rule (every term starts a word of
   * the name or e-mail, or is a part of 4 digits or more of the phone's end), whatever their status.
   */
  async search(busca: string, limit: number): Promise<ContactView[]> {
    const search = textSearch(busca);
    if (!search.active) return [];
    const query = this.contacts.createQueryBuilder('c');
    whereTextSearch(query, ['c.search_text'], search, isMysql(this.contacts.manager.connection));
    const rows = await query.orderBy('c.createdAt', 'DESC').addOrderBy('c.id', 'DESC').limit(limit).getMany();
    return rows.map((row) => contactView(row, null));
  }

  /** One message, with the name of the admin who answered it. */
  async get(id: number): Promise<ContactView> {
    const contact = await this.find(id);
    const admin = contact.respondedBy ? await this.admins.findOne({ select: { adminId: true, name: true }, where: { adminId: contact.respondedBy } }) : null;
    return contactView(contact, admin?.name ?? null);
  }

  /**
   * Every message of a tab in the list's order (pending: newest first; answered: latest answer first),
   * `batchSize` at a time, each batch read after the last one's (date, id), with who answered each.
   */
  async *allInOrder(filters: { status?: ContactStatus }, batchSize = EXPORT_BATCH): AsyncGenerator<ContactView[]> {
    const status = filters.status ?? 'pendente';
    const [property, column] = status === 'pendente' ? (['createdAt', 'c.created_at'] as const) : (['respondedAt', 'c.responded_at'] as const);
    let before: { at: string; id: number } | null = null;
    for (;;) {
      const query = this.contacts
        .createQueryBuilder('c')
        .where('c.status = :status', { status })
        .orderBy(`c.${property}`, 'DESC')
        .addOrderBy('c.id', 'DESC')
        .limit(batchSize);
      if (before) query.andWhere(`(${column} < :beforeAt OR (${column} = :beforeAt AND c.id < :beforeId))`, { beforeAt: before.at, beforeId: before.id });
      const { entities: rows, raw } = await query.addSelect(column, 'keyset_at').getRawAndEntities<{ keyset_at: unknown }>();
      if (rows.length === 0) return;
      const adminIds = [...new Set(rows.map((row) => row.respondedBy).filter((id): id is number => id !== null))];
      const admins = adminIds.length > 0 ? await this.admins.find({ select: { adminId: true, name: true }, where: { adminId: In(adminIds) } }) : [];
      const names = new Map(admins.map((admin) => [admin.adminId, admin.name]));
      yield rows.map((row) => contactView(row, row.respondedBy ? (names.get(row.respondedBy) ?? null) : null));
      if (rows.length < batchSize) return;
      before = { at: storedDatetime(raw[raw.length - 1].keyset_at), id: rows[rows.length - 1].id };
    }
  }

  /** How many messages each tab holds (kept counts). */
  async counts(): Promise<ContactCounts> {
    const perStatus = await this.kept.buckets('contacts.status');
    return { pendente: perStatus.get('pendente') ?? 0, respondido: perStatus.get('respondido') ?? 0 };
  }

  async countPending(): Promise<number> {
    return (await this.counts()).pendente;
  }

  /**
   * Marks a pending message as answered through a channel, by an admin. Only a pending message changes
   * (the update is conditional, so two admins clicking at once cannot both record an answer).
   */
  async markAnswered(id: number, canal: ResponseChannel, adminId: number): Promise<ContactView> {
    const contact = await this.find(id);
    if (contact.status === 'respondido') throw alreadyAnswered();
    const result = await this.contacts.update(
      { id, status: 'pendente', respondedAt: IsNull() },
      { status: 'respondido', responseChannel: canal, respondedAt: new Date(), respondedBy: adminId },
    );
    if (!result.affected) throw alreadyAnswered();
    return this.get(id);
  }

  /** Deletes an answered message; a pending one must be answered first. */
  async remove(id: number): Promise<void> {
    const contact = await this.find(id);
    if (contact.status !== 'respondido') throw contactsError('CONTACT_PENDING');
    await this.contacts.delete({ id, status: 'respondido' });
  }

  private async find(id: number): Promise<Contact> {
    const contact = await this.contacts.findOneBy({ id });
    if (!contact) throw contactsError('CONTACT_NOT_FOUND');
    return contact;
  }
}

function alreadyAnswered(): AppException {
  return contactsError('CONTACT_ALREADY_ANSWERED');
}

function contactView(row: Contact, respondedByName: string | null): ContactView {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    mensagem: row.mensagem,
    status: row.status,
    response_channel: row.responseChannel,
    responded_at: row.respondedAt ? new Date(row.respondedAt).toISOString() : null,
    responded_by: row.respondedBy,
    responded_by_nome: respondedByName,
    created_at: new Date(row.createdAt).toISOString(),
  };
}
