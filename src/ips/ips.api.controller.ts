import { ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin, Roles, Sensitive } from '../auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { CreateAuthorizedIpInput } from './dto/create-authorized-ip.input.js';
import { isPrivateIp, normalizeIp } from '../common/http/ip-address.js';
import { IpsService } from './ips.service.js';
import { AccountAlertsService } from '../team/account-alerts.service.js';

/** What the removal of the address in use answers: the session that asked for it ended with it. */
export const IP_IN_USE_REMOVED = 'O endereço em uso foi removido: sua sessão foi encerrada.';

@Roles('master')
@Controller('api/admin')
export class IpsApiController {
  constructor(
    private readonly ips: IpsService,
    private readonly alerts: AccountAlertsService,
  ) {}

  @ApiOperation({ summary: 'Lista os IPs autorizados', description: '`em_uso` marca o endereço de onde a sessão de quem chama está entrando.' })
  @Get('ips-autorizados')
  async list(@CurrentAdmin() admin: AuthenticatedAdmin) {
    const data = await this.ips.list(admin.ipId);
    return { data, total: data.length };
  }

  @ApiOperation({
    summary: 'Autoriza um endereço IP',
    description: 'Para o papel master ou gestor; responde o segredo 2FA do endereço e o QR code para o aplicativo autenticador.',
  })
  @Sensitive('autorizar um novo endereço IP')
  @Post('ips-autorizados')
  @Audited({ action: 'ip.create', target: 'ip', body: true, targetId: (res: { ip: { id: number } }) => res.ip.id })
  async create(@Body() input: CreateAuthorizedIpInput, @CurrentAdmin() admin: AuthenticatedAdmin) {
    const { ip, twofa } = await this.ips.create(input, admin.id);
    // Every master is told (its activity list, and an e-mail): never the 2FA secret.
    await this.alerts.ipAuthorized(ip, { adminName: admin.name, adminUsername: admin.username });
    return { ok: true, ip, twofa };
  }

  @ApiOperation({
    summary: 'Remove um IP autorizado',
    description:
      'As sessões abertas desse endereço terminam na próxima requisição (IP_REVOKED). O último IP master não pode ser removido. Remover o endereço em uso encerra a própria sessão: a resposta diz `sessaoEncerrada: true`.',
  })
  @Sensitive('remover um IP autorizado')
  @Delete('ips-autorizados/:id')
  @Audited({ action: 'ip.delete', target: 'ip' })
  async remove(@Param('id', IdPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin) {
    await this.ips.remove(id);
    // The address in use: its sessions, this one included, ended with it (the database's trigger).
    if (id === admin.ipId) return { ok: true, sessaoEncerrada: true, mensagem: IP_IN_USE_REMOVED };
    return { ok: true, sessaoEncerrada: false };
  }

  @ApiOperation({
    summary: 'Atualiza a localização de todos os IPs',
    description:
      'Pela base de geolocalização local, numa chamada: responde quantos foram atualizados, quantos a base não conhece (`falharam`) e quantos são privados (`ignorados`).',
  })
  @Post('ips-autorizados/refresh-location')
  @HttpCode(200)
  refreshAllLocations() {
    return this.ips.refreshAllLocations();
  }

  @ApiOperation({ summary: 'Atualiza a localização de um IP', description: 'Pela base de geolocalização local; endereços privados são ignorados.' })
  @Post('ips-autorizados/:id/refresh-location')
  @HttpCode(200)
  refreshLocation(@Param('id', IdPipe) id: number) {
    return this.ips.refreshLocation(id);
  }

  /** The address this server sees for the caller: the one its access guard checks. */
  @ApiOperation({ summary: 'O endereço IP de quem chama', description: 'O mesmo que a verificação de acesso usa.' })
  @Get('meu-ip')
  myIp(@Req() req: HttpRequest) {
    const ip = normalizeIp(req.ip ?? '') ?? req.ip ?? '';
    return { ip, privado: isPrivateIp(ip) };
  }
}
