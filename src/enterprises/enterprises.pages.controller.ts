import { Controller, Get, Query } from '@nestjs/common';
import { pageFromUrl } from '../common/http/page.query.js';
import { inertia } from '../inertia/inertia-response.js';
import { ENTERPRISE_STATUS_FILTERS, SEARCH_MAX_LENGTH, type EnterpriseStatusFilter } from './dto/list-enterprises.query.js';
import { EnterprisesService } from './enterprises.service.js';

/** The list state as the URL carries it; anything malformed falls back to the default, so a bad link still opens. */
export function readListState(query: Record<string, unknown>): { status: EnterpriseStatusFilter; page: number; busca: string } {
  const status = ENTERPRISE_STATUS_FILTERS.includes(query.status as EnterpriseStatusFilter) ? (query.status as EnterpriseStatusFilter) : 'ativos';
  const page = pageFromUrl(query.page);
  const busca = typeof query.busca === 'string' ? query.busca.trim().slice(0, SEARCH_MAX_LENGTH) : '';
  return { status, page, busca };
}

@Controller('admin')
export class EnterprisesPagesController {
  constructor(private readonly enterprises: EnterprisesService) {}

  @Get('empresas')
  index(@Query() query: Record<string, unknown>) {
    const filters = readListState(query);
    return inertia('Admin/Empresas', {
      filters,
      enterprises: () => this.enterprises.list(filters),
      counts: () => this.enterprises.counts(filters.busca),
    });
  }
}
