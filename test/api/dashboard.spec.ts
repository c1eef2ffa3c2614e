import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createAppUsers, createCompanyRow, createContactRow } from '../support/row-factories.js';

const app = useAdminApp('gestor');

const DAY = 86_400_000;
const dashboard = () => request(app.sut.server).get('/api/admin/dashboard').set(bearer(app.admin));

/** A day in São Paulo (UTC-3, no daylight saving), computed independently of the app's helper. */
const spDay = (date: Date) => new Date(date.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 10);

/** A small deterministic pseudo-random sequence, so the data set is the same on every run. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('the dashboard aggregate', () => {
  it('answers zeros, no slices and 30 empty days on an empty database', async () => {
    const res = await dashboard().expect(200);
    expect(res.body.cards).toEqual({ usuariosAtivos: 0, empresasAtivas: 0, contatosPendentes: 0 });
    expect(res.body.usuariosPorEmpresa).toEqual([]);
    expect(res.body.cadastros.usuarios).toHaveLength(30);
    expect(res.body.cadastros.usuarios.every((day: { total: number }) => day.total === 0)).toBe(true);
    expect(res.body.cadastros.empresas.at(-1).date).toBe(spDay(new Date()));
  });

  it('gives the same figures as counting every row the slow way', async () => {
    const random = sequence(42);
    const now = Date.now();
    const created: Enterprise[] = [];
    for (let index = 0; index < 14; index++) {
      const fantasia = `Empresa ${String.fromCharCode(65 + index)} Dashboard`;
      const createdAt = new Date(now - Math.floor(random() * 40 * DAY));
      created.push(await createCompanyRow(app.sut, { razao: `${fantasia} LTDA`, fantasia, ativo: index % 5 === 0 ? 0 : 1, createdAt, updatedAt: createdAt }));
    }
    const rows = Array.from({ length: 220 }, (_, index) => {
      // Skewed towards the first companies, so the top 8 and 'Outros' both have users; some without a company.
      const pick = random();
      const enterprise = pick < 0.12 ? null : created[Math.min(created.length - 1, Math.floor(Math.pow(random(), 1.6) * created.length))];
      return {
        firstname: `Usuario${index}`,
        lastname: 'Teste',
        email: `usuario${index}@dashboard.com.br`,
        enterpriseId: enterprise?.enterpriseId ?? null,
        status: random() < 0.8 ? 1 : 0,
        dateAdded: new Date(now - Math.floor(random() * 45 * DAY)),
      };
    });
    // Right at the edge of a day: 02:30 UTC today is still yesterday in São Paulo.
    const edge = new Date(now);
    edge.setUTCHours(2, 30, 0, 0);
    if (edge.getTime() < now)
      rows.push({ firstname: 'Borda', lastname: 'Dia', email: 'borda@dashboard.com.br', enterpriseId: null, status: 1, dateAdded: edge });
    await createAppUsers(app.sut, rows);
    for (let index = 0; index < 7; index++) await createContactRow(app.sut, { nome: 'Contato', status: index < 5 ? 'pendente' : 'respondido' });

    // The slow way: every row in memory.
    const users = app.sut.dataSource.getRepository(AppUser);
    const allUsers = await users.find();
    const allEnterprises = await app.sut.dataSource.getRepository(Enterprise).find();
    const allContacts = await app.sut.dataSource.getRepository(Contact).find();
    const names = new Map(allEnterprises.map((enterprise) => [enterprise.enterpriseId, enterprise.fantasia]));
    const perEnterprise = new Map<number, number>();
    for (const user of allUsers) if (user.enterpriseId !== null) perEnterprise.set(user.enterpriseId, (perEnterprise.get(user.enterpriseId) ?? 0) + 1);
    const ranked = [...perEnterprise.entries()]
      .map(([id, total]) => ({ name: names.get(id)!, total }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    const top = ranked.slice(0, 8);
    const others = ranked.slice(8).reduce((sum, slice) => sum + slice.total, 0);
    const without = allUsers.filter((user) => user.enterpriseId === null).length;
    const expectedDonut = [
      ...top,
      ...(others > 0 ? [{ name: 'Outros', total: others }] : []),
      ...(without > 0 ? [{ name: 'Sem empresa', total: without }] : []),
    ];
    const days = Array.from({ length: 30 }, (_, index) => spDay(new Date(now - (29 - index) * DAY)));
    const perDay = (dates: Date[]) => days.map((date) => ({ date, total: dates.filter((value) => spDay(new Date(value)) === date).length }));

    const res = await dashboard().expect(200);
    expect(res.body.cards).toEqual({
      usuariosAtivos: allUsers.filter((user) => user.status === 1).length,
      empresasAtivas: allEnterprises.filter((enterprise) => enterprise.ativo === 1).length,
      contatosPendentes: allContacts.filter((contact) => contact.status === 'pendente').length,
    });
    expect(res.body.usuariosPorEmpresa).toEqual(expectedDonut);
    expect(others).toBeGreaterThan(0);
    expect(res.body.cadastros.usuarios).toEqual(perDay(allUsers.map((user) => user.dateAdded)));
    expect(res.body.cadastros.empresas).toEqual(perDay(allEnterprises.map((enterprise) => enterprise.createdAt)));
  });

  it('needs an admin session', async () => {
    const res = await request(app.sut.server).get('/api/admin/dashboard').set('X-Forwarded-For', app.admin.ip).expect(401);
    expect(res.body.code).toBe('NO_AUTH');
  });
});

describe('the demo data on the dashboard', () => {
  const demo = useAdminApp('gestor', () => ({ SEED_DEMO: 'true' }));

  it('reads as a dealer network: the eight largest companies hold more users than "Outros" and "Sem empresa" together', async () => {
    const res = await request(demo.sut.server).get('/api/admin/dashboard').set(bearer(demo.admin)).expect(200);
    const slices = res.body.usuariosPorEmpresa as { name: string; total: number }[];
    const named = slices.filter((slice) => slice.name !== 'Outros' && slice.name !== 'Sem empresa');
    const others = slices.find((slice) => slice.name === 'Outros')?.total ?? 0;
    const without = slices.find((slice) => slice.name === 'Sem empresa')?.total ?? 0;
    expect(named).toHaveLength(8);
    expect(named.reduce((sum, slice) => sum + slice.total, 0)).toBeGreaterThan(others + without);
    expect(without * 3).toBeLessThan(named.reduce((sum, slice) => sum + slice.total, 0));
  });
});
