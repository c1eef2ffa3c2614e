import { Controller, Get, Header, Query } from '@nestjs/common';
import { Public } from '../auth/decorators.js';
import { inertia } from '../inertia/inertia-response.js';
import { AccountLinksService } from './account-links.service.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

const tokenOf = (value: unknown) => (typeof value === 'string' && /^[\w-]{20,200}$/.test(value) ? value : '');

/**
 * The pages the e-mailed links open. Their URL carries a secret token: it is never sent on as a Referer
 * (to the tag manager or a link) and the page is not cached.
 */
@Public()
@InertiaPages()
@Controller()
export class AccountPagesController {
  constructor(private readonly links: AccountLinksService) {}

  @Get('redefinir-senha')
  @Header('Referrer-Policy', 'no-referrer')
  @Header('Cache-Control', 'no-store')
  async resetPassword(@Query('token') raw: unknown) {
    const token = tokenOf(raw);
    const { state, name } = token ? await this.links.resetState(token) : { state: 'invalid' as const, name: null };
    return inertia('Public/RedefinirSenha', { token: state === 'valid' ? token : '', state, name });
  }

  @Get('excluir-conta/confirmar')
  @Header('Referrer-Policy', 'no-referrer')
  @Header('Cache-Control', 'no-store')
  async confirmDeletion(@Query('token') raw: unknown) {
    const token = tokenOf(raw);
    const state = token ? await this.links.deletionState(token) : 'invalid';
    return inertia('Public/ConfirmarExclusao', { token: state === 'valid' ? token : '', state });
  }
}
