import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, Patch, Put } from '@nestjs/common';
import { CurrentActor, type AuditActor } from '../audit/audit-actor.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin } from '../auth/decorators.js';
import { ChangePasswordInput, UpdateProfileInput } from './dto/team.input.js';
import { TeamService } from './team.service.js';
import { AccountAlertsService } from './account-alerts.service.js';

/** Every admin's own profile: name, sessions and password. */
@Controller('api/admin/me')
export class ProfileApiController {
  constructor(
    private readonly team: TeamService,
    private readonly alerts: AccountAlertsService,
  ) {}

  @ApiOperation({ summary: 'Altera o próprio nome' })
  @Patch()
  async update(@Body() input: UpdateProfileInput, @CurrentAdmin() admin: AuthenticatedAdmin, @CurrentActor() actor: AuditActor) {
    return { admin: await this.team.updateProfile(admin.id, input.nome, actor) };
  }

  @ApiOperation({ summary: 'Lista as próprias sessões abertas', description: 'A sessão de quem pergunta vem marcada como atual.' })
  @Get('sessoes')
  async sessions(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return { data: await this.team.openSessions(admin.id, admin.jti) };
  }

  @ApiOperation({ summary: 'Encerra as outras sessões', description: 'Todas as sessões abertas do administrador, menos a desta requisição.' })
  @Delete('sessoes/outras')
  async endOthers(@CurrentAdmin() admin: AuthenticatedAdmin, @CurrentActor() actor: AuditActor) {
    return { ok: true, encerradas: await this.team.endSessions(admin.id, actor, admin.jti) };
  }

  @ApiOperation({
    summary: 'Lista a atividade da própria conta',
    description:
      'Os 50 eventos mais recentes, do mais novo ao mais antigo: logins (endereço novo ou primeiro login marcados), troca de senha, sessões encerradas por outro administrador, mudança de papel e, para masters, novos IPs autorizados.',
  })
  @Get('atividade')
  async activity(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return { data: await this.alerts.recent(admin.id) };
  }

  @ApiOperation({
    summary: 'Altera a própria senha',
    description: 'Exige a senha atual; a nova tem pelo menos 12 caracteres, sem o nome de usuário e fora da lista de senhas comuns. Encerra as outras sessões.',
  })
  @ApiResponse({ status: 429, description: '`TOO_MANY_ATTEMPTS`: senhas atuais erradas demais seguidas; aguarde (cabeçalho Retry-After).' })
  @Put('senha')
  async changePassword(@Body() input: ChangePasswordInput, @CurrentAdmin() admin: AuthenticatedAdmin, @CurrentActor() actor: AuditActor) {
    await this.team.changeOwnPassword(admin.id, admin.jti, input, actor);
    return { ok: true };
  }
}
