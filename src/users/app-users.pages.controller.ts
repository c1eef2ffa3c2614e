import { Controller, Get, Query } from '@nestjs/common';
import { pageFromUrl } from '../common/http/page.query.js';
import { dayStartUtc } from '../common/sao-paulo-day.js';
import { inertia } from '../inertia/inertia-response.js';
import { AppUsersService } from './app-users.service.js';
import { USER_STATUS_FILTERS, type UserStatusFilter } from './dto/list-users.query.js';

/** The list state as the URL carries it; anything malformed falls back to the default, so a bad link still opens. */
export function readUserListState(query: Record<string, unknown>) {
  const status: UserStatusFilter = USER_STATUS_FILTERS.includes(query.status as UserStatusFilter) ? (query.status as UserStatusFilter) : 'todos';
  // The same rule as the list's filter (a real São Paulo day), so a link the page opens is one the list accepts.
  const day = (value: unknown) => (typeof value === 'string' && dayStartUtc(value) ? value : '');
  let dateFrom = day(query.date_from);
  let dateTo = day(query.date_to);
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  const busca = typeof query.busca === 'string' ? query.busca.trim().slice(0, 100) : '';
  return { status, page: pageFromUrl(query.page), busca, date_from: dateFrom, date_to: dateTo };
}

@Controller('admin')
export class AppUsersPagesController {
  constructor(private readonly users: AppUsersService) {}

  @Get('usuarios')
  index(@Query() query: Record<string, unknown>) {
    const filters = readUserListState(query);
    const criteria = { ...filters, date_from: filters.date_from || undefined, date_to: filters.date_to || undefined };
    return inertia('Admin/Usuarios', {
      filters,
      users: () => this.users.list(criteria),
      counts: () => this.users.counts(criteria),
    });
  }
}
