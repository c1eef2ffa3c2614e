import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';
import { Public } from '../auth/decorators.js';
import { AppException } from '../common/http/app.exception.js';
import { normalizeIp } from '../ips/ip-address.js';
import { AccountLinksService } from './account-links.service.js';
import { EmailRequestInput, ResetPasswordInput, TokenInput } from './dto/account-requests.input.js';

const OTHER_LIMITS = { 'login-ip': true, 'contact-ip': true } as const;

/** What an app user does from the site without logging in: reset a password, delete the account. */
@Public()
@UseGuards(ThrottlerGuard)
@Controller('api/public/usuario')
export class AccountPublicController {
  constructor(private readonly links: AccountLinksService) {}

  @Post('esqueci-senha')
  @HttpCode(200)
  @SkipThrottle(OTHER_LIMITS)
  forgotPassword(@Body() input: EmailRequestInput) {
    return this.links.forgotPassword(input.email);
  }

  @Post('redefinir-senha')
  @HttpCode(200)
  @SkipThrottle({ ...OTHER_LIMITS, 'account-email': true })
  async resetPassword(@Body() input: ResetPasswordInput) {
    if (input.password !== input.password_confirmation) {
      throw new AppException(400, 'VALIDATION_FAILED', 'As senhas não conferem.', { password_confirmation: 'As senhas não conferem.' });
    }
    await this.links.resetPassword(input.token, input.password);
    return { ok: true };
  }

  @Post('excluir-conta')
  @HttpCode(200)
  @SkipThrottle(OTHER_LIMITS)
  requestDeletion(@Body() input: EmailRequestInput, @Req() req: Request) {
    return this.links.requestDeletion(input.email, normalizeIp(req.ip ?? ''));
  }

  @Post('excluir-conta/confirmar')
  @HttpCode(200)
  @SkipThrottle({ ...OTHER_LIMITS, 'account-email': true })
  async confirmDeletion(@Body() input: TokenInput) {
    await this.links.confirmDeletion(input.token);
    return { ok: true };
  }
}
