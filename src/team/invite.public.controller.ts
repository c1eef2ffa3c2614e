import { ApiOperation } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import { Public } from '../auth/decorators.js';
import { normalizeIp } from '../common/http/ip-address.js';
import { RateLimit, StrictLimits } from '../common/http/rate-limit.js';
import { SameOriginJson } from '../common/http/same-origin.js';
import { AcceptInviteInput } from './dto/team.input.js';
import { TeamService } from './team.service.js';

/** The page at an invitation or new password link sets the password here, without a session. */
@Public()
@SameOriginJson()
@Controller('api/admin/convite')
export class InvitePublicController {
  constructor(private readonly team: TeamService) {}

  @ApiOperation({
    summary: 'Define a senha pelo link de convite',
    description: 'Token do link (uso único, 72 horas) e a nova senha. Link desconhecido, usado ou expirado: uma só mensagem.',
  })
  @Post()
  @HttpCode(200)
  @RateLimit('account-ip')
  @StrictLimits()
  async accept(@Body() input: AcceptInviteInput, @Req() req: HttpRequest) {
    await this.team.acceptLink(input.token, input.senha, normalizeIp(req.ip ?? '') ?? null);
    return { ok: true };
  }
}
