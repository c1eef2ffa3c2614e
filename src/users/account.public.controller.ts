import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import { applyDecorators, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import { Public } from '../auth/decorators.js';
import { ValidationFailedException } from '../common/http/app.exception.js';
import { RateLimit, StrictLimits } from '../common/http/rate-limit.js';
import { normalizeIp } from '../common/http/ip-address.js';
import { SameOriginJson } from '../common/http/same-origin.js';
import { AccountLinksService } from './account-links.service.js';
import { EmailRequestInput, ResetPasswordInput, TokenInput } from './dto/account-requests.input.js';

/** What a call with an e-mailed link's token answers when the link is not (or no longer) good. */
const LinkRefusals = () =>
  applyDecorators(
    ApiResponse({ status: 404, description: '`LINK_INVALID`: o link não existe. Nada foi alterado.' }),
    ApiResponse({ status: 410, description: '`LINK_EXPIRED` ou `LINK_USED`: o link expirou ou já foi usado; peça um novo. Nada foi alterado.' }),
  );

/** What an app user does from the site without logging in: reset a password, delete the account. */
@Public()
@SameOriginJson()
@Controller('api/public/usuario')
export class AccountPublicController {
  constructor(private readonly links: AccountLinksService) {}

  @ApiOperation({
    summary: 'Pede o link de redefinição de senha',
    description: 'Responde igual exista ou não uma conta com o e-mail; o link chega por e-mail.',
  })
  @Post('esqueci-senha')
  @HttpCode(200)
  @RateLimit('account-ip', 'account-email')
  @StrictLimits()
  forgotPassword(@Body() input: EmailRequestInput) {
    return this.links.forgotPassword(input.email);
  }

  @ApiOperation({ summary: 'Redefine a senha com o token do link' })
  @LinkRefusals()
  @Post('redefinir-senha')
  @HttpCode(200)
  @RateLimit('account-ip')
  @StrictLimits()
  async resetPassword(@Body() input: ResetPasswordInput) {
    if (input.password !== input.password_confirmation) {
      throw new ValidationFailedException({ password_confirmation: 'As senhas não conferem.' });
    }
    await this.links.resetPassword(input.token, input.password);
    return { ok: true };
  }

  @ApiOperation({
    summary: 'Pede a exclusão da conta',
    description: 'Responde igual exista ou não uma conta com o e-mail; o link de confirmação chega por e-mail.',
  })
  @Post('excluir-conta')
  @HttpCode(200)
  @RateLimit('account-ip', 'account-email')
  requestDeletion(@Body() input: EmailRequestInput, @Req() req: HttpRequest) {
    return this.links.requestDeletion(input.email, normalizeIp(req.ip ?? ''));
  }

  @ApiOperation({ summary: 'Confirma a exclusão da conta com o token do link' })
  @LinkRefusals()
  @Post('excluir-conta/confirmar')
  @HttpCode(200)
  @RateLimit('account-ip')
  async confirmDeletion(@Body() input: TokenInput) {
    await this.links.confirmDeletion(input.token);
    return { ok: true };
  }
}
