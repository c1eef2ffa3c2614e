import { Controller, Get, Query } from '@nestjs/common';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin, Public, Roles } from '../auth/decorators.js';
import { listStateFromUrl } from '../common/http/list-state.js';
import { inertia } from '../inertia/inertia-response.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';
import { ListTeamQuery } from './dto/team.input.js';
import { TeamService } from './team.service.js';
import { AccountAlertsService } from './account-alerts.service.js';

@InertiaPages()
@Controller('admin')
export class TeamPagesController {
  constructor(
    private readonly team: TeamService,
    private readonly alerts: AccountAlertsService,
  ) {}

  @Roles('master')
  @Get('equipe')
  index(@Query() query: Record<string, unknown>) {
    const { status = 'todos', page = 1, busca = '' } = listStateFromUrl(ListTeamQuery, query);
    const filters = { status, page, busca };
    return inertia('Admin/Equipe', { filters, team: () => this.team.list(filters), counts: () => this.team.counts() });
  }

  @Get('perfil')
  profile(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return inertia('Admin/Perfil', {
      perfil: () => this.team.member(admin.id),
      sessions: () => this.team.openSessions(admin.id, admin.jti),
      atividade: () => this.alerts.recent(admin.id),
    });
  }

  /** The page at an invitation or new password link; the token goes back to the page only while it can be used. */
  @Public()
  @Get('convite')
  async invite(@Query('token') token?: unknown) {
    const value = typeof token === 'string' ? token.slice(0, 200) : '';
    const state = await this.team.linkState(value);
    return inertia('Admin/Convite', { token: state.valido ? value : '', ...state });
  }
}
