import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';
import { ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin } from '../auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ContactsService } from './contacts.service.js';
import { ResourceRoutes } from '../common/resources/resource-routes.js';
import type { ContactCounts, ContactPage, ContactView } from '../shared/contact.views.js';
import type { Contact } from './contact.entity.js';
import { CONTACTS, type ContactListFilters } from './contacts.resource.js';
import { MarkAnsweredInput } from './dto/mark-answered.input.js';

/** The contact messages' list, export and counter, from their declaration. */
@Controller('api/admin/contatos')
export class ContactListApiController extends ResourceRoutes<Contact, ContactView, ContactListFilters, ContactCounts, ContactPage>(CONTACTS) {}

/** Contact messages for the back office. */
@Controller('api/admin/contatos')
export class ContactsApiController {
  constructor(private readonly contacts: ContactsService) {}

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
