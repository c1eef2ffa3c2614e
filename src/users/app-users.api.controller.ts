import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';
import { Sensitive } from '../auth/decorators.js';
import { ApiOperation } from '@nestjs/swagger';
import { BULK_STATUS_DESCRIPTION } from '../common/bulk/bulk-status.js';
import { CurrentActor, type AuditActor } from '../audit/audit-actor.js';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import { saoPauloDay } from '../common/sao-paulo-day.js';
import { UserDataCopyService } from './user-data-copy.service.js';
import { exportResponse } from '../common/export/export-response.js';
import { ExportUsersQuery, USER_COLUMNS } from './app-users.export.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { AccountLinksService } from './account-links.service.js';
import { AppUsersService } from './app-users.service.js';
import { BulkUserStatusInput, ListUsersQuery } from './dto/list-users.query.js';
import { UpdateUserInput } from './dto/update-user.input.js';
import { UserStatusInput } from './dto/user-status.input.js';

/** The mobile app's users for the back office. */
@Controller('api/admin/users')
export class AppUsersApiController {
  constructor(
    private readonly users: AppUsersService,
    private readonly links: AccountLinksService,
    private readonly dataCopies: UserDataCopyService,
  ) {}

  @ApiOperation({
    summary: 'Lista os usuários do app',
    description:
      'Filtra por status (padrão: todos) e período de cadastro, busca por nome, e-mail, CPF, empresa ou cargo; ordena por nome, email, cadastro, empresa ou status; paginada.',
  })
  @Get()
  list(@Query() { status = 'todos', ...query }: ListUsersQuery) {
    return this.users.list({ ...query, status });
  }

  /** Exactly what the list shows for the status, dates, search and order, every row, as CSV or XLSX. */
  @ApiOperation({
    summary: 'Exporta os usuários do app',
    description:
      'Exatamente o que a lista mostra com o status, o período, a busca e a ordem enviados, todas as linhas, em CSV (UTF-8 com BOM, separador `;`, datas dd/mm/aaaa, CPF formatado) ou XLSX. Fica registrado na auditoria.',
  })
  @Sensitive()
  @Get('exportar')
  @Audited({ action: 'user.export', query: true })
  export(@Query() { formato = 'csv', status = 'todos', ...filters }: ExportUsersQuery, @Res({ passthrough: true }) res: HttpReply) {
    return exportResponse(res, formato, { file: 'usuarios', sheet: 'Usuários' }, USER_COLUMNS, this.users.allInOrder({ ...filters, status }));
  }

  /**
   * Bulk Ativar/Desativar, one chunk per call: the selection (ticked ids, or every row of the filters and
   * search but the unticked ones) from `apos` on; the answer says where the next chunk starts (null: done).
   * Each row changed is recorded in the trail as its own status change.
   */
  @ApiOperation({ summary: 'Ativa ou desativa usuários do app em lote', description: BULK_STATUS_DESCRIPTION })
  @Sensitive()
  @Post('status-em-lote')
  @HttpCode(200)
  bulkStatus(@Body() input: BulkUserStatusInput, @CurrentActor() actor: AuditActor) {
    return this.users.bulkStatus(input, actor);
  }

  @ApiOperation({ summary: 'Conta os usuários do app ativos' })
  @Get('contador/ativos')
  async activeCount() {
    return { total: await this.users.countActive() };
  }

  @ApiOperation({ summary: 'Um usuário do app', description: 'Responde a versão do usuário no ETag (e em `version`): envie-a em If-Match ao alterar.' })
  @Get(':id')
  async get(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.users.get(id)) };
  }

  @ApiOperation({ summary: 'Altera um usuário do app', description: EDIT_DESCRIPTION })
  @Put(':id')
  @Audited({ action: 'user.update', target: 'user', body: true })
  async update(@Param('id', IdPipe) id: number, @Body() input: UpdateUserInput, @Change() change: ChangeRequest, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.users.update(id, input, change)) };
  }

  @ApiOperation({ summary: 'Ativa ou desativa um usuário do app' })
  @Patch(':id/status')
  @Audited({ action: 'user.status', target: 'user', body: true })
  async setStatus(
    @Param('id', IdPipe) id: number,
    @Body() input: UserStatusInput,
    @Change() change: ChangeRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    const data = withEtag(res, await this.users.setStatus(id, input.status, change));
    return { ok: true, status: data.status, data };
  }

  /** Everything kept about the user, as a JSON file to hand over (LGPD art. 19 § 3º); recorded in the trail. */
  @ApiOperation({
    summary: 'Cópia dos dados pessoais do usuário (LGPD)',
    description:
      'Tudo o que está guardado sobre o usuário, como um arquivo JSON para entregar ao titular (LGPD, art. 19, § 3º): perfil, empresa, pedidos de redefinição e de exclusão, o histórico de alterações do cadastro e a trilha de auditoria sobre ele. Fica registrado na auditoria.',
  })
  @Sensitive()
  @Get(':id/dados-pessoais')
  @Audited({ action: 'user.data_copy', target: 'user' })
  async dataCopy(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    const copy = await this.dataCopies.copy(id);
    res.header('Content-Disposition', `attachment; filename="agromaq-dados-usuario-${id}-${saoPauloDay()}.json"`);
    return copy;
  }

  /** Sends the user a password-reset link; the answer says to whom and for how long it lasts. */
  @ApiOperation({ summary: 'Envia ao usuário um link de redefinição de senha', description: 'A resposta diz para qual e-mail e por quanto tempo o link vale.' })
  @Post(':id/reset-password')
  @Audited({ action: 'user.reset_password', target: 'user' })
  @HttpCode(200)
  resetPassword(@Param('id', IdPipe) id: number) {
    return this.links.sendReset(id);
  }
}

/** A company's app users, under the company's path (its details screen); the users domain answers them. */
@Controller('api/admin/enterprises')
export class CompanyUsersApiController {
  constructor(private readonly users: AppUsersService) {}

  @ApiOperation({ summary: 'Os usuários do app de uma empresa' })
  @Get(':id/users')
  async list(@Param('id', IdPipe) id: number) {
    const data = await this.users.ofCompany(id);
    return { data, total: data.length };
  }
}
