import { ApiOperation } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { Change, EDIT_DESCRIPTION, withEtag, type ChangeRequest } from '../history/change-context.js';
import type { HttpReply } from '../common/http/http.js';
import { CurrentActor, type AuditActor } from '../audit/audit-actor.js';
import { CurrentAdmin, Roles, Sensitive } from '../auth/decorators.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { InviteAdminInput, ListTeamQuery, UpdateAdminInput } from './dto/team.input.js';
import { TeamService } from './team.service.js';
import type { InviteLink } from '../shared/team.views.js';

/** A master acting on an admin: the actor always has an admin id. */
type MasterActor = AuditActor & { adminId: number };

/** The team screen's API: masters only, like the authorized IPs. Every write records itself in the audit trail. */
@Roles('master')
@Controller('api/admin/admins')
export class TeamApiController {
  constructor(private readonly team: TeamService) {}

  @ApiOperation({ summary: 'Lista a equipe do painel', description: 'Busca por nome, usuário ou e-mail; status ativos, inativos ou convite (pendente).' })
  @Get()
  list(@Query() query: ListTeamQuery) {
    return this.team.list(query);
  }

  @ApiOperation({
    summary: 'Convida um colega',
    description: `Cria o administrador sem senha e responde um link de uso único (válido por 72 horas) para definir a senha, mostrado uma vez; vai também por e-mail quando há e-mail. \`ips_do_papel\`: quantos IPs autorizados servem ao papel do convidado (com 0, ninguém desse papel consegue entrar até que um IP seja cadastrado em IP de Acesso).`,
  })
  @Sensitive('convidar um colega para a equipe')
  @Post()
  async invite(@Body() input: InviteAdminInput, @CurrentActor() actor: MasterActor) {
    const { admin, convite } = await this.team.create({ nome: input.nome, username: input.username, email: input.email, role: input.role }, actor);
    // Created without a password, an admin always gets its invitation link.
    return { admin, convite: convite as InviteLink, ips_do_papel: await this.team.ipsServing(admin.role) };
  }

  @ApiOperation({
    summary: 'Edita um colega',
    description:
      'Nome, e-mail, papel e ativo. Mudar o papel ou desativar encerra as sessões do colega. O último master ativo não pode ser desativado nem rebaixado (409); ninguém muda o próprio papel nem se desativa (403). ' +
      EDIT_DESCRIPTION,
  })
  @Sensitive('alterar os dados de um colega da equipe')
  @Patch(':id')
  async update(
    @Param('id', IdPipe) id: number,
    @Body() input: UpdateAdminInput,
    @CurrentActor() actor: MasterActor,
    @Change() change: ChangeRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    return { admin: withEtag(res, await this.team.update(id, input, actor, change)) };
  }

  @ApiOperation({ summary: 'Um colega', description: 'Responde a versão do administrador no ETag (e em `version`): envie-a em If-Match ao editar.' })
  @Get(':id')
  async member(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: HttpReply) {
    return { admin: withEtag(res, await this.team.member(id)) };
  }

  @ApiOperation({
    summary: 'Gera um novo link de senha',
    description: 'A senha atual deixa de funcionar na hora, as sessões do colega terminam e um link de uso único (72 horas) é mostrado uma vez.',
  })
  @Sensitive('gerar um novo link de senha para um colega')
  @Post(':id/link-senha')
  @HttpCode(200)
  async passwordLink(@Param('id', IdPipe) id: number, @CurrentActor() actor: MasterActor) {
    return { convite: await this.team.newPasswordLink(id, actor) };
  }

  @ApiOperation({ summary: 'Lista as sessões abertas de um colega', description: 'Início, IP, navegador e sistema lidos do User-Agent, último acesso.' })
  @Get(':id/sessoes')
  async sessions(@Param('id', IdPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return { data: await this.team.openSessions(id, admin.jti) };
  }

  @ApiOperation({ summary: 'Encerra todas as sessões de um colega', description: 'A próxima requisição de cada uma, em qualquer instância, recebe 401.' })
  @Sensitive('encerrar as sessões de um colega')
  @Delete(':id/sessoes')
  async endAll(@Param('id', IdPipe) id: number, @CurrentActor() actor: MasterActor) {
    return { ok: true, encerradas: await this.team.endSessions(id, actor) };
  }

  @ApiOperation({ summary: 'Encerra uma sessão de um colega' })
  @Sensitive('encerrar a sessão de um colega')
  @Delete(':id/sessoes/:sessaoId')
  async endOne(@Param('id', IdPipe) id: number, @Param('sessaoId') sessionId: string, @CurrentActor() actor: MasterActor) {
    await this.team.endSession(id, sessionId, actor);
    return { ok: true };
  }
}
