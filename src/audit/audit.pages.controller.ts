import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../auth/decorators.js';
import { pageFromUrl } from '../common/http/page.query.js';
import { inertia } from '../inertia/inertia-response.js';
import { AUDIT_ACTIONS, type AuditAction } from '../shared/audit-actions.js';
import { AuditService } from './audit.service.js';

@Roles('master')
@Controller('admin')
export class AuditPagesController {
  constructor(private readonly audit: AuditService) {}

  @Get('auditoria')
  index(@Query() query: Record<string, unknown>) {
    const acao = typeof query.acao === 'string' && query.acao in AUDIT_ACTIONS ? (query.acao as AuditAction) : '';
    const filters = { page: pageFromUrl(query.page), acao };
    return inertia('Admin/Auditoria', { filters, entries: () => this.audit.list({ page: filters.page, action: acao || undefined }) });
  }
}
