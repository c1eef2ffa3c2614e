import { Controller, Get, Query } from '@nestjs/common';
import { pageFromUrl } from '../common/http/page.query.js';
import { inertia } from '../inertia/inertia-response.js';
import { CONTACT_STATUSES, type ContactStatus } from './contact.entity.js';
import { ContactsService } from './contacts.service.js';

@Controller('admin')
export class ContactsPagesController {
  constructor(private readonly contacts: ContactsService) {}

  /** The tab and page come from the URL; anything malformed opens Pendentes, page 1. */
  @Get('contato')
  index(@Query() query: Record<string, unknown>) {
    const status: ContactStatus = CONTACT_STATUSES.includes(query.status as ContactStatus) ? (query.status as ContactStatus) : 'pendente';
    const filters = { status, page: pageFromUrl(query.page) };
    return inertia('Admin/Contatos', {
      filters,
      contacts: () => this.contacts.list(filters),
      counts: () => this.contacts.counts(),
    });
  }
}
