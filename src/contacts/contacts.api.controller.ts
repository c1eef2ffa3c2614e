import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin } from '../auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ContactsService } from './contacts.service.js';
import { ListContactsQuery } from './dto/list-contacts.query.js';
import { MarkAnsweredInput } from './dto/mark-answered.input.js';

/** Contact messages for the back office (SPEC.md section 7, Contacts). */
@Controller('api/admin/contatos')
export class ContactsApiController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  list(@Query() query: ListContactsQuery) {
    return this.contacts.list(query);
  }

  @Get('contador')
  async pendingCount() {
    return { total: await this.contacts.countPending() };
  }

  @Patch(':id/respondido')
  @Audited({ action: 'contact.answered', target: 'contact', body: true })
  async markAnswered(@Param('id', IdPipe) id: number, @Body() input: MarkAnsweredInput, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return { ok: true, data: await this.contacts.markAnswered(id, input.canal, admin.id) };
  }

  @Delete(':id')
  @Audited({ action: 'contact.delete', target: 'contact' })
  @HttpCode(200)
  async remove(@Param('id', IdPipe) id: number) {
    await this.contacts.remove(id);
    return { ok: true };
  }
}
