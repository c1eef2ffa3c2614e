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

/** Companies for the back office and API clients (SPEC.md section 7, Enterprises). */
@Controller('api/admin/enterprises')
export class EnterprisesApiController {
  constructor(private readonly enterprises: EnterprisesService) {}

  /** `status` defaults to todos here; the screen opens on ativos (DESIGN.md section 5). */
  @Get()
  list(@Query() query: ListEnterprisesQuery) {
    return this.enterprises.list({ ...query, status: query.status ?? 'todos' });
  }

  /** Exactly what the list shows for the status, search and order, every row, as CSV or XLSX. */
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
  @Post('status-em-lote')
  @HttpCode(200)
  bulkStatus(@Body() input: BulkEnterpriseStatusInput, @CurrentActor() actor: AuditActor) {
    return this.enterprises.bulkStatus(input, actor);
  }

  @Get('contador/ativos')
  async activeCount() {
    return { total: await this.enterprises.countActive() };
  }

  @Get(':id')
  async get(@Param('id', IdPipe) id: number) {
    return { ok: true, data: await this.enterprises.get(id) };
  }

  @Post()
  @Audited({ action: 'enterprise.create', target: 'enterprise', body: true, targetId: (res: { enterprise_id: number }) => res.enterprise_id })
  async create(@Body() input: EnterpriseInput) {
    const data = await this.enterprises.create(input);
    return { ok: true, id: data.enterprise_id, enterprise_id: data.enterprise_id, data };
  }

  @Put(':id')
  @Audited({ action: 'enterprise.update', target: 'enterprise', body: true })
  async update(@Param('id', IdPipe) id: number, @Body() input: EnterpriseInput) {
    return { ok: true, data: await this.enterprises.update(id, input) };
  }

  @Patch(':id/status')
  @Audited({ action: 'enterprise.status', target: 'enterprise', body: true })
  async setStatus(@Param('id', IdPipe) id: number, @Body() input: EnterpriseStatusInput) {
    const data = await this.enterprises.setStatus(id, input.ativo);
    return { ok: true, ativo: data.ativo, data };
  }

  @Get(':id/cobranca')
  async billing(@Param('id', IdPipe) id: number) {
    return { ok: true, data: await this.enterprises.billing(id) };
  }

  @Put(':id/cobranca')
  @Audited({ action: 'enterprise.billing.update', target: 'enterprise', body: true })
  async saveBilling(@Param('id', IdPipe) id: number, @Body() input: BillingInput) {
    return { ok: true, data: await this.enterprises.saveBilling(id, input) };
  }

  @Delete(':id/cobranca')
  @Audited({ action: 'enterprise.billing.delete', target: 'enterprise' })
  @HttpCode(200)
  async removeBilling(@Param('id', IdPipe) id: number) {
    await this.enterprises.removeBilling(id);
    return { ok: true };
  }
}
