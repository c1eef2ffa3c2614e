import { ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { BillingInput } from './dto/billing.input.js';
import { EnterpriseStatusInput } from './dto/enterprise-status.input.js';
import { EnterpriseInput } from './dto/enterprise.input.js';
import { ResourceRoutes } from '../common/resources/resource-routes.js';
import type { StatusCounts, StatusListFilters } from '../common/resources/status-list.js';
import type { EnterprisePage, EnterpriseSort, EnterpriseView } from '../shared/enterprise.views.js';
import type { Enterprise } from './enterprise.entity.js';
import { ENTERPRISES } from './enterprises.resource.js';
import { EnterprisesService } from './enterprises.service.js';
import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';

/** The companies' list, export, bulk status change and counter, from their declaration. */
@Controller('api/admin/enterprises')
export class EnterpriseListApiController extends ResourceRoutes<Enterprise, EnterpriseView, StatusListFilters<EnterpriseSort>, StatusCounts, EnterprisePage>(
  ENTERPRISES,
) {}

/** Companies for the back office and API clients. */
@Controller('api/admin/enterprises')
export class EnterprisesApiController {
  constructor(private readonly enterprises: EnterprisesService) {}

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
