import { Controller, Get, Query } from '@nestjs/common';
import { listStateFromUrl, openedRecord } from '../common/http/list-state.js';
import { inertia } from '../inertia/inertia-response.js';
import { AppUsersService } from './app-users.service.js';
import { AppUserList } from './app-users.resource.js';
import { ListUsersQuery } from './dto/list-users.query.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@InertiaPages()
@Controller('admin')
export class AppUsersPagesController {
  constructor(
    private readonly users: AppUsersService,
    private readonly list: AppUserList,
  ) {}

  @Get('usuarios')
  index(@Query() query: Record<string, unknown>) {
    const { status = 'todos', page = 1, busca = '', date_from = '', date_to = '', ordem, sentido } = listStateFromUrl(ListUsersQuery, query);
    const filters = { status, page, busca, date_from, date_to, ordem: ordem ?? '', sentido: sentido ?? '' };
    const criteria = { status, page, busca, date_from: date_from || undefined, date_to: date_to || undefined, ordem, sentido };
    return inertia('Admin/Usuarios', {
      filters,
      users: () => this.list.page(criteria),
      counts: () => this.list.counts(criteria),
      opened: () => openedRecord(query.abrir, (id) => this.users.get(id)),
    });
  }
}
