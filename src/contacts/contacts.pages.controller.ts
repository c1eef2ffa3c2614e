import { Controller, Get, Query } from '@nestjs/common';
import { listStateFromUrl, openedRecord } from '../common/http/list-state.js';
import { inertia } from '../inertia/inertia-response.js';
import { ContactsService } from './contacts.service.js';
import { ContactList } from './contacts.resource.js';
import { ListContactsQuery } from './dto/list-contacts.query.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@InertiaPages()
@Controller('admin')
export class ContactsPagesController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly list: ContactList,
  ) {}

  /** The tab and page come from the URL; anything malformed opens Pendentes, page 1. */
  @Get('contato')
  index(@Query() query: Record<string, unknown>) {
    const { status = 'pendente', page = 1, sentido } = listStateFromUrl(ListContactsQuery, query);
    const filters = { status, page, ordem: sentido ? 'data' : '', sentido: sentido ?? '' };
    return inertia('Admin/Contatos', {
      filters,
      contacts: () => this.list.page({ status, page, sentido }),
      counts: () => this.list.counts(),
      opened: () => openedRecord(query.abrir, (id) => this.contacts.get(id)),
    });
  }
}
