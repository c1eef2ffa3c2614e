import { Controller, Get, Query } from '@nestjs/common';
import { listStateFromUrl, openedRecord } from '../common/http/list-state.js';
import { inertia } from '../inertia/inertia-response.js';
import { ListEnterprisesQuery } from './dto/list-enterprises.query.js';
import { EnterprisesService } from './enterprises.service.js';
import { EnterpriseList } from './enterprises.resource.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@InertiaPages()
@Controller('admin')
export class EnterprisesPagesController {
  constructor(
    private readonly enterprises: EnterprisesService,
    private readonly list: EnterpriseList,
  ) {}

  @Get('empresas')
  index(@Query() query: Record<string, unknown>) {
    // The screen opens on ativos; the API's default is todos.
    const { status = 'ativos', page = 1, busca = '', ordem, sentido } = listStateFromUrl(ListEnterprisesQuery, query);
    const filters = { status, page, busca, ordem: ordem ?? '', sentido: sentido ?? '' };
    return inertia('Admin/Empresas', {
      filters,
      enterprises: () => this.list.page({ status, page, busca, ordem, sentido }),
      counts: () => this.list.counts({ busca: filters.busca }),
      opened: () => openedRecord(query.abrir, (id) => this.enterprises.get(id)),
    });
  }
}
