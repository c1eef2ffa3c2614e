import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Res } from '@nestjs/common';
import { exportResponse } from '../common/export/export-response.js';
import type { HttpReply } from '../common/http/http.js';
import { CONTACT_COLUMNS, ExportContactsQuery } from './contacts.export.js';
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

  /** Every message of the tab (pendente by default), in the list's order, as CSV or XLSX. */
  @Get('exportar')
  @Audited({ action: 'contact.export', query: true })
  export(@Query() query: ExportContactsQuery, @Res({ passthrough: true }) res: HttpReply) {
    return exportResponse(
      res,
      query.formato ?? 'csv',
      { file: 'contatos', sheet: 'Contatos' },
      CONTACT_COLUMNS,
      this.contacts.allInOrder({ status: query.status, sentido: query.sentido }),
    );
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
