import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { onlyDigits } from '../shared/br/index.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import { LiveNotices } from '../live/live-notices.js';
import { HistoryService, utcDate, type HistoryValue } from '../history/history.service.js';
import { APP_CHANGE, type ChangeRequest } from '../history/change-context.js';
import { textSearch } from '../common/sql/list-query.js';
import { Contact, CONTACT_STATUSES, RESPONSE_CHANNELS, type ContactStatus, type ResponseChannel } from './contact.entity.js';
import type { ContactView } from '../shared/contact.views.js';
import type { SendContactInput } from './dto/send-contact.input.js';
import { contactsError } from './contacts.errors.js';
import { contactView } from './contacts.mapper.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactList } from './contacts.resource.js';

@Injectable()
export class ContactsService {
  constructor(
    @InjectRepository(Contact) private readonly contacts: Repository<Contact>,
    private readonly repository: ContactsRepository,
    private readonly list: ContactList,
    private readonly history: HistoryService,
    private readonly notices: LiveNotices,
  ) {
    history.register('contato', {
      view: (id) => this.get(id),
      restore: (id, values, change) => this.restoreValues(id, values, change),
      recreate: (id, values, change) => this.recreate(id, values, change),
    });
  }

  /**
   * Stores a message from the site as pending. A filled honeypot means a bot: it is told the message was
   * sent, and nothing is stored. Returns whether it was stored.
   */
  async receive(input: SendContactInput, sender: { ip: string | null; userAgent: string | null }): Promise<boolean> {
    if (input.empresa && input.empresa.trim() !== '') return false;
    const inserted = await this.history.run(APP_CHANGE.context, (manager) =>
      manager.getRepository(Contact).insert({
        nome: input.nome,
        email: input.email,
        telefone: onlyDigits(input.telefone, 11),
        mensagem: input.mensagem,
        origem: input.origem || 'site',
        status: 'pendente',
        senderIp: sender.ip?.slice(0, 45) ?? null,
        userAgent: sender.userAgent?.slice(0, 255) ?? null,
      }),
    );
    const id = Number((inserted.identifiers[0] as { id: number | string }).id);
    await this.notices.newContact({ id, nome: input.nome, origem: input.origem || 'site' });
    return true;
  }

  /**
   * The newest `limit` messages whose sender matches `busca` by the lists' rule (every term starts a word of
   * the name or e-mail, or is a part of 4 digits or more of the phone's end), whatever their status.
   */
  async search(busca: string, limit: number): Promise<ContactView[]> {
    const search = textSearch(busca);
    if (!search.active) return [];
    return (await this.repository.newestMatching(search, limit)).map((row) => contactView(row, null));
  }

  /** One message, with the name of the admin who answered it. */
  async get(id: number): Promise<ContactView> {
    const [view] = await this.list.views([await this.find(id)]);
    return view;
  }

  async countPending(): Promise<number> {
    return (await this.list.counts()).pendente;
  }

  /**
   * Marks a pending message as answered through a channel, by an admin. Only a pending message changes
   * (the update is conditional, so two admins clicking at once cannot both record an answer).
   */
  async markAnswered(id: number, canal: ResponseChannel, adminId: number, change: ChangeRequest): Promise<ContactView> {
    const contact = await this.find(id);
    if (contact.status === 'respondido') throw alreadyAnswered();
    const result = await this.history.run(change.context, (manager) =>
      manager
        .getRepository(Contact)
        .update(
          { id, status: 'pendente', respondedAt: IsNull() },
          { status: 'respondido', responseChannel: canal, respondedAt: new Date(), respondedBy: adminId },
        ),
    );
    if (!result.affected) throw alreadyAnswered();
    return this.get(id);
  }

  /** Deletes an answered message; a pending one must be answered first. With If-Match, only at that version. */
  async remove(id: number, change: ChangeRequest): Promise<void> {
    const contact = await this.find(id);
    if (contact.status !== 'respondido') throw contactsError('CONTACT_PENDING');
    await this.history.run(change.context, (manager) => this.history.deleteRow(manager, 'contato', id, change.expected, { status: 'respondido' }));
  }

  /** An entry's values put back (a message has no form: each value is checked against its column's rule). */
  private async restoreValues(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<void> {
    const update = contactColumns(values);
    await this.history.run(change.context, (manager) => this.history.updateRow(manager, 'contato', id, change.expected, update));
  }

  /** A deleted message brought back with its id and every value it had. */
  private async recreate(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<void> {
    const row = contactColumns(values);
    for (const field of ['nome', 'email', 'telefone', 'mensagem'] as const) {
      if (typeof row[field] !== 'string') throw new ValidationFailedException({ [field]: 'A mensagem excluída não tem este campo no histórico.' });
    }
    await this.history.run(change.context, (manager) => manager.getRepository(Contact).insert({ id, ...row }));
  }

  private async find(id: number): Promise<Contact> {
    const contact = await this.contacts.findOneBy({ id });
    if (!contact) throw contactsError('CONTACT_NOT_FOUND');
    return contact;
  }
}

/** History values (columns) as the entity's properties, refusing what no message could hold. */
function contactColumns(values: Record<string, HistoryValue>): Partial<Contact> {
  const text = (value: HistoryValue, max: number) => (value === null ? null : String(value).slice(0, max));
  const row: Partial<Contact> & Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    if (column === 'nome') row.nome = String(value ?? '').slice(0, 120);
    else if (column === 'email') row.email = String(value ?? '').slice(0, 160);
    else if (column === 'telefone') row.telefone = onlyDigits(String(value ?? ''), 11);
    else if (column === 'mensagem') row.mensagem = String(value ?? '');
    else if (column === 'origem') row.origem = String(value ?? 'site').slice(0, 40);
    else if (column === 'status') {
      if (!CONTACT_STATUSES.includes(value as ContactStatus)) errors.status = 'Status inválido.';
      else row.status = value as ContactStatus;
    } else if (column === 'response_channel') {
      if (value !== null && !RESPONSE_CHANNELS.includes(value as ResponseChannel)) errors.response_channel = 'Canal de resposta inválido.';
      else row.responseChannel = value as ResponseChannel | null;
    } else if (column === 'responded_at') row.respondedAt = value === null ? null : utcDate(String(value));
    else if (column === 'responded_by') row.respondedBy = value === null ? null : Number(value);
    else if (column === 'sender_ip') row.senderIp = text(value, 45);
    else if (column === 'user_agent') row.userAgent = text(value, 255);
    else if (column === 'created_at' && value !== null) row.createdAt = utcDate(String(value));
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
  return row;
}

function alreadyAnswered(): AppException {
  return contactsError('CONTACT_ALREADY_ANSWERED');
}
