import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../auth/decorators.js';
import { listStateFromUrl } from '../common/http/list-state.js';
import { inertia } from '../inertia/inertia-response.js';
import { AuditService } from './audit.service.js';
import { ListAuditQuery } from './dto/list-audit.query.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@Roles('master')
@InertiaPages()
@Controller('admin')
export class AuditPagesController {
  constructor(private readonly audit: AuditService) {}

  @Get('auditoria')
  index(@Query() query: Record<string, unknown>) {
    const { page = 1, acao = '', grupo = '' } = listStateFromUrl(ListAuditQuery, query);
    const filters = { page, acao, grupo };
    return inertia('Admin/Auditoria', {
      filters,
      entries: () => this.audit.list({ page: filters.page, action: acao || undefined, group: grupo || undefined }),
    });
  }
}
