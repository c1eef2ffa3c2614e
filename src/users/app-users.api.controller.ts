import { CurrentActor, type AuditActor } from '../audit/audit-actor.js';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import { saoPauloDay } from '../common/sao-paulo-day.js';
import { UserDataCopyService } from './user-data-copy.service.js';
import { exportResponse } from '../common/export/export-response.js';
import { ExportUsersQuery, USER_COLUMNS } from './app-users.export.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { AccountLinksService } from './account-links.service.js';
import { AppUsersService } from './app-users.service.js';
import { BulkUserStatusInput, ListUsersQuery } from './dto/list-users.query.js';
import { UpdateUserInput } from './dto/update-user.input.js';
import { UserStatusInput } from './dto/user-status.input.js';

/** The mobile app's users for the back office (SPEC.md section 7, App users). */
@Controller('api/admin/users')
export class AppUsersApiController {
  constructor(
    private readonly users: AppUsersService,
    private readonly links: AccountLinksService,
    private readonly dataCopies: UserDataCopyService,
  ) {}

  @Get()
  list(@Query() query: ListUsersQuery) {
    return this.users.list({ ...query, status: query.status ?? 'todos' });
  }

  /** Exactly what the list shows for the status, dates, search and order, every row, as CSV or XLSX. */
  @Get('exportar')
  @Audited({ action: 'user.export', query: true })
  export(@Query() query: ExportUsersQuery, @Res({ passthrough: true }) res: HttpReply) {
    const { formato, ...filters } = { ...query, status: query.status ?? 'todos' };
    return exportResponse(res, query.formato ?? 'csv', { file: 'usuarios', sheet: 'Usuários' }, USER_COLUMNS, this.users.allInOrder(filters));
  }

  /**
   * Bulk Ativar/Desativar, one chunk per call: the selection (ticked ids, or every row of the filters and
   * search but the unticked ones) from `apos` on; the answer says where the next chunk starts (null: done).
   * Each row changed is recorded in the trail as its own status change.
   */
  @Post('status-em-lote')
  @HttpCode(200)
  bulkStatus(@Body() input: BulkUserStatusInput, @CurrentActor() actor: AuditActor) {
    return this.users.bulkStatus(input, actor);
  }

  @Get('contador/ativos')
  async activeCount() {
    return { total: await this.users.countActive() };
  }

  @Get(':id')
  async get(@Param('id', IdPipe) id: number) {
    return { ok: true, data: await this.users.get(id) };
  }

  @Put(':id')
  @Audited({ action: 'user.update', target: 'user', body: true })
  async update(@Param('id', IdPipe) id: number, @Body() input: UpdateUserInput) {
    return { ok: true, data: await this.users.update(id, input) };
  }

  @Patch(':id/status')
  @Audited({ action: 'user.status', target: 'user', body: true })
  async setStatus(@Param('id', IdPipe) id: number, @Body() input: UserStatusInput) {
    const data = await this.users.setStatus(id, input.status);
    return { ok: true, status: data.status, data };
  }

  /** Everything kept about the user, as a JSON file to hand over (LGPD art. 19 § 3º); recorded in the trail. */
  @Get(':id/dados-pessoais')
  @Audited({ action: 'user.data_copy', target: 'user' })
  async dataCopy(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    const copy = await this.dataCopies.copy(id);
    res.header('Content-Disposition', `attachment; filename="agromaq-dados-usuario-${id}-${saoPauloDay()}.json"`);
    return copy;
  }

  /** Sends the user a password-reset link; the answer says to whom and for how long it lasts. */
  @Post(':id/reset-password')
  @Audited({ action: 'user.reset_password', target: 'user' })
  @HttpCode(200)
  resetPassword(@Param('id', IdPipe) id: number) {
    return this.links.sendReset(id);
  }
}

/** A company's app users, under the company's path (its details screen); the users domain answers them. */
@Controller('api/admin/enterprises')
export class CompanyUsersApiController {
  constructor(private readonly users: AppUsersService) {}

  @Get(':id/users')
  async list(@Param('id', IdPipe) id: number) {
    const data = await this.users.ofCompany(id);
    return { data, total: data.length };
  }
}
