import { Injectable } from '@nestjs/common';
import { ContactsService } from '../contacts/contacts.service.js';
import { fillDays, lastDays } from '../common/sao-paulo-day.js';
import { EnterprisesService } from '../enterprises/enterprises.service.js';
import { AppUsersService } from '../users/app-users.service.js';
import type { DashboardData } from '../shared/dashboard.views.js';

/** The donut shows the 8 companies with most users, then 'Outros'. */
export const DONUT_TOP = 8;
/** The sign-up chart covers the last 30 days. */
export const WINDOW_DAYS = 30;

/**
 * The dashboard's figures, read from the counts the database keeps (KeptCounts), the same the spec's
 * page-by-page reading would give.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly users: AppUsersService,
    private readonly enterprises: EnterprisesService,
    private readonly contacts: ContactsService,
  ) {}

  async data(now = new Date()): Promise<DashboardData> {
    const window = lastDays(WINDOW_DAYS, now);
    const [usuariosAtivos, empresasAtivas, contatosPendentes, perEnterprise, userDays, enterpriseDays] = await Promise.all([
      this.users.countActive(),
      this.enterprises.countActive(),
      this.contacts.countPending(),
      this.users.perEnterprise(DONUT_TOP),
      this.users.signupsPerDay(window.days[0]),
      this.enterprises.registrationsPerDay(window.days[0]),
    ]);
    const donut = perEnterprise.top.map((row) => ({ name: row.name, total: row.total }));
    if (perEnterprise.others > 0) donut.push({ name: 'Outros', total: perEnterprise.others });
    if (perEnterprise.withoutEnterprise > 0) donut.push({ name: 'Sem empresa', total: perEnterprise.withoutEnterprise });
    return {
      cards: { usuariosAtivos, empresasAtivas, contatosPendentes },
      usuariosPorEmpresa: donut,
      cadastros: { usuarios: fillDays(window, userDays), empresas: fillDays(window, enterpriseDays) },
    };
  }
}
