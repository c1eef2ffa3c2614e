import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../auth/decorators.js';
import { AuditService } from './audit.service.js';
import { ListAuditQuery } from './dto/list-audit.query.js';

/** The audit trail, for masters. */
@Roles('master')
@Controller('api/admin/auditoria')
export class AuditApiController {
  constructor(private readonly audit: AuditService) {}

  @ApiOperation({
    summary: 'Lista a trilha de auditoria',
    description: 'Mais recentes primeiro, paginada; filtra por ação ou pelo grupo `equipe` (ações da equipe).',
  })
  @Get()
  list(@Query() query: ListAuditQuery) {
    return this.audit.list({ page: query.page, pageSize: query.pageSize, action: query.acao, group: query.grupo });
  }
}
