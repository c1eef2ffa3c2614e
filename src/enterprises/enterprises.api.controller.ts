import { ApiOperation } from '@nestjs/swagger';
import { Sensitive } from '../auth/decorators.js';
import { BULK_STATUS_DESCRIPTION } from '../common/bulk/bulk-status.js';
import { CurrentActor, type AuditActor } from '../audit/audit-actor.js';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { exportResponse } from '../common/export/export-response.js';
import type { HttpReply } from '../common/http/http.js';
import { ENTERPRISE_COLUMNS, ExportEnterprisesQuery } from './enterprises.export.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { BillingInput } from './dto/billing.input.js';
import { EnterpriseStatusInput } from './dto/enterprise-status.input.js';
import { EnterpriseInput } from './dto/enterprise.input.js';
import { BulkEnterpriseStatusInput, ListEnterprisesQuery } from './dto/list-enterprises.query.js';
import { EnterprisesService } from './enterprises.service.js';
import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';

/** Companies for the back office and API clients. */
@Controller('api/admin/enterprises')
export class EnterprisesApiController {
  constructor(private readonly enterprises: EnterprisesService) {}

  /** `status` defaults to todos here; the screen opens on ativos. */
  @ApiOperation({
    summary: 'Lista as empresas',
    description:
      'Filtra por status (padrão: todos) e busca por razão, fantasia, CNPJ, bairro, cidade, UF ou IE; ordena por fantasia, cnpj, cidade ou status; paginada.',
  })
  @Get()
  list(@Query() { status = 'todos', ...query }: ListEnterprisesQuery) {
    return this.enterprises.list({ ...query, status });
  }

  /** Exactly what the list shows for the status, search and order, every row, as CSV or XLSX. */
  @ApiOperation({
    summary: 'Exporta as empresas',
    description:
      'Exatamente o que a lista mostra com o status, a busca e a ordem enviados, todas as linhas, em CSV (UTF-8 com BOM, separador `;`, CNPJ formatado) ou XLSX. Fica registrado na auditoria.',
  })
  @Sensitive()
  @Get('exportar')
  @Audited({ action: 'enterprise.export', query: true })
  export(@Query() query: ExportEnterprisesQuery, @Res({ passthrough: true }) res: HttpReply) {
    const filters = { status: query.status ?? 'todos', busca: query.busca, ordem: query.ordem, sentido: query.sentido };
    return exportResponse(res, query.formato ?? 'csv', { file: 'empresas', sheet: 'Empresas' }, ENTERPRISE_COLUMNS, this.enterprises.allInOrder(filters));
  }

  /**
   * Bulk Ativar/Desativar, one chunk per call: the selection (ticked ids, or every row of the filters and
   * search but the unticked ones) from `apos` on; the answer says where the next chunk starts (null: done).
   * Each row changed is recorded in the trail as its own status change.
   */
  @ApiOperation({ summary: 'Ativa ou desativa empresas em lote', description: BULK_STATUS_DESCRIPTION })
  @Sensitive()
  @Post('status-em-lote')
  @HttpCode(200)
  bulkStatus(@Body() input: BulkEnterpriseStatusInput, @CurrentActor() actor: AuditActor) {
    return this.enterprises.bulkStatus(input, actor);
  }

  @ApiOperation({ summary: 'Conta as empresas ativas' })
  @Get('contador/ativos')
  async activeCount() {
    return { total: await this.enterprises.countActive() };
  }

  @ApiOperation({ summary: 'Uma empresa', description: 'Responde a versão da empresa no ETag (e em `version`): envie-a em If-Match ao alterar.' })
  @Get(':id')
  async get(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.enterprises.get(id)) };
  }

  @ApiOperation({ summary: 'Cadastra uma empresa' })
  @Post()
  @Audited({ action: 'enterprise.create', target: 'enterprise', body: true, targetId: (res: { enterprise_id: number }) => res.enterprise_id })
  async create(@Body() input: EnterpriseInput, @Change() change: ChangeRequest, @Res({ passthrough: true }) res: HttpReply) {
    const data = withEtag(res, await this.enterprises.create(input, change));
    return { ok: true, id: data.enterprise_id, enterprise_id: data.enterprise_id, data };
  }

  @ApiOperation({ summary: 'Altera uma empresa', description: EDIT_DESCRIPTION })
  @Put(':id')
  @Audited({ action: 'enterprise.update', target: 'enterprise', body: true })
  async update(@Param('id', IdPipe) id: number, @Body() input: EnterpriseInput, @Change() change: ChangeRequest, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.enterprises.update(id, input, change)) };
  }

  @ApiOperation({ summary: 'Ativa ou desativa uma empresa' })
  @Patch(':id/status')
  @Audited({ action: 'enterprise.status', target: 'enterprise', body: true })
  async setStatus(
    @Param('id', IdPipe) id: number,
    @Body() input: EnterpriseStatusInput,
    @Change() change: ChangeRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    const data = withEtag(res, await this.enterprises.setStatus(id, input.ativo, change));
    return { ok: true, ativo: data.ativo, data };
  }

  @ApiOperation({ summary: 'O endereço de cobrança de uma empresa' })
  @Get(':id/cobranca')
  async billing(@Param('id', IdPipe) id: number) {
    return { ok: true, data: await this.enterprises.billing(id) };
  }

  @ApiOperation({
    summary: 'Grava o endereço de cobrança de uma empresa',
    description: 'O endereço faz parte da empresa: a versão dela sobe, e If-Match (a versão da empresa) é respeitado.',
  })
  @Put(':id/cobranca')
  @Audited({ action: 'enterprise.billing.update', target: 'enterprise', body: true })
  async saveBilling(@Param('id', IdPipe) id: number, @Body() input: BillingInput, @Change() change: ChangeRequest, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, ...withEtag(res, await this.enterprises.saveBilling(id, input, change)) };
  }

  @ApiOperation({ summary: 'Remove o endereço de cobrança de uma empresa' })
  @Delete(':id/cobranca')
  @Audited({ action: 'enterprise.billing.delete', target: 'enterprise' })
  @HttpCode(200)
  async removeBilling(@Param('id', IdPipe) id: number, @Change() change: ChangeRequest, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, ...withEtag(res, await this.enterprises.removeBilling(id, change)) };
  }
}
