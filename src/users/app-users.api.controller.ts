import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';
import { Sensitive } from '../auth/decorators.js';
import { ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import { saoPauloDay } from '../common/sao-paulo-day.js';
import { UserDataCopyService } from './user-data-copy.service.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { MAX_PAGE_SIZE, PageQuery } from '../common/http/page.query.js';
import type { LinkedUserPage } from '../shared/enterprise.views.js';
import { AccountLinksService } from './account-links.service.js';
import { AppUsersService } from './app-users.service.js';
import { ResourceRoutes } from '../common/resources/resource-routes.js';
import type { AppUserCounts, AppUserPage, AppUserView } from '../shared/app-user.views.js';
import type { AppUser } from './app-user.entity.js';
import { APP_USERS, type UserListFilters } from './app-users.resource.js';
import { UpdateUserInput } from './dto/update-user.input.js';
import { UserStatusInput } from './dto/user-status.input.js';

/** The app users' list, export, bulk status change and counter, from their declaration. */
@Controller('api/admin/users')
export class AppUserListApiController extends ResourceRoutes<AppUser, AppUserView, UserListFilters, AppUserCounts, AppUserPage>(APP_USERS) {}

/** The mobile app's users for the back office. */
@Controller('api/admin/users')
export class AppUsersApiController {
  constructor(
    private readonly users: AppUsersService,
    private readonly links: AccountLinksService,
    private readonly dataCopies: UserDataCopyService,
  ) {}

  @ApiOperation({ summary: 'Um usuário do app', description: 'Responde a versão do usuário no ETag (e em `version`): envie-a em If-Match ao alterar.' })
  @Get(':id')
  async get(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.users.get(id)) };
  }

  @ApiOperation({ summary: 'Altera um usuário do app', description: EDIT_DESCRIPTION })
  @Put(':id')
  @Audited({ action: 'user.update', target: 'user', body: true })
  async update(@Param('id', IdPipe) id: number, @Body() input: UpdateUserInput, @Change() change: ChangeRequest, @Res({ passthrough: true }) res: HttpReply) {
    return { ok: true, data: withEtag(res, await this.users.update(id, input, change)) };
  }

  @ApiOperation({ summary: 'Ativa ou desativa um usuário do app' })
  @Patch(':id/status')
  @Audited({ action: 'user.status', target: 'user', body: true })
  async setStatus(
    @Param('id', IdPipe) id: number,
    @Body() input: UserStatusInput,
    @Change() change: ChangeRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    const data = withEtag(res, await this.users.setStatus(id, input.status, change));
    return { ok: true, status: data.status, data };
  }

  /** Everything kept about the user, as a JSON file to hand over (LGPD art. 19 § 3º); recorded in the trail. */
  @ApiOperation({
    summary: 'Cópia dos dados pessoais do usuário (LGPD)',
    description:
      'Tudo o que está guardado sobre o usuário, como um arquivo JSON para entregar ao titular (LGPD, art. 19, § 3º): perfil, empresa, pedidos de redefinição e de exclusão, o histórico de alterações do cadastro e a trilha de auditoria sobre ele. Fica registrado na auditoria.',
  })
  @Sensitive('baixar a cópia dos dados pessoais do usuário')
  @Get(':id/dados-pessoais')
  @Audited({ action: 'user.data_copy', target: 'user' })
  async dataCopy(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    const copy = await this.dataCopies.copy(id);
    res.header('Content-Disposition', `attachment; filename="agromaq-dados-usuario-${id}-${saoPauloDay()}.json"`);
    return copy;
  }

  /** Sends the user a password-reset link; the answer says to whom and for how long it lasts. */
  @ApiOperation({ summary: 'Envia ao usuário um link de redefinição de senha', description: 'A resposta diz para qual e-mail e por quanto tempo o link vale.' })
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

  @ApiOperation({
    summary: 'Os usuários do app de uma empresa',
    description: `Por nome, paginados: até ${MAX_PAGE_SIZE} por página (o padrão). Para ler mais de uma vez, exporte a lista de usuários (busca pela empresa).`,
  })
  @Get(':id/users')
  list(@Param('id', IdPipe) id: number, @Query() query: PageQuery): Promise<LinkedUserPage> {
    return this.users.ofCompany(id, query);
  }
}
