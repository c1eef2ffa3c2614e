import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';
import { ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Res } from '@nestjs/common';
import { exportResponse } from '../common/export/export-response.js';
import type { HttpReply } from '../common/http/http.js';
import { CONTACT_COLUMNS, ExportContactsQuery } from './contacts.export.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin, Sensitive } from '../auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ContactsService } from './contacts.service.js';
import { ListContactsQuery } from './dto/list-contacts.query.js';
import { MarkAnsweredInput } from './dto/mark-answered.input.js';

/** Contact messages for the back office. */
@Controller('api/admin/contatos')
export class ContactsApiController {
  constructor(private readonly contacts: ContactsService) {}

  @ApiOperation({
    summary: 'Lista as mensagens de contato',
    description:
      'Aba pendentes ou respondidas, pela data que a aba mostra (recebida ou respondida): mais recentes primeiro, ou as mais antigas com `sentido=asc`; paginada.',
  })
  @Get()
  list(@Query() query: ListContactsQuery) {
    return this.contacts.list(query);
  }

  /** Every message of the tab (pendente by default), in the list's order, as CSV or XLSX. */
  @ApiOperation({
    summary: 'Exporta as mensagens de contato',
    description: 'Todas as mensagens da aba, na ordem da lista, em CSV (UTF-8 com BOM, separador `;`) ou XLSX. Fica registrado na auditoria.',
  })
  @Sensitive()
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

  @ApiOperation({ summary: 'Conta as mensagens pendentes' })
  @Get('contador')
  async pendingCount() {
    return { total: await this.contacts.countPending() };
  }

  @ApiOperation({
    summary: 'Marca uma mensagem como respondida',
    description: 'Com o canal da resposta (whatsapp ou email); registra quem respondeu e quando.',
  })
  @Patch(':id/respondido')
  @Audited({ action: 'contact.answered', target: 'contact', body: true })
  async markAnswered(
    @Param('id', IdPipe) id: number,
    @Body() input: MarkAnsweredInput,
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Change() change: ChangeRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    return { ok: true, data: withEtag(res, await this.contacts.markAnswered(id, input.canal, admin.id, change)) };
  }

  @ApiOperation({ summary: 'Uma mensagem de contato', description: 'Responde a versão da mensagem no ETag (e em `version`).' })
  @Get(':id')
  async get(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.contacts.get(id)) };
  }

  @ApiOperation({
    summary: 'Exclui uma mensagem de contato',
    description: `${EDIT_DESCRIPTION} A mensagem excluída continua no histórico e pode ser restaurada.`,
  })
  @Delete(':id')
  @Audited({ action: 'contact.delete', target: 'contact' })
  @HttpCode(200)
  async remove(@Param('id', IdPipe) id: number, @Change() change: ChangeRequest) {
    await this.contacts.remove(id, change);
    return { ok: true };
  }
}
