import { createHash } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { AdminSession as SessionRow } from '../../src/auth/admin-session.entity.js';
import { Admin } from '../../src/auth/admin.entity.js';
import { IpsService } from '../../src/ips/ips.service.js';
import { AdminLink } from '../../src/team/admin-link.entity.js';
import { INVITE_INVALID_MESSAGE } from '../../src/team/team.errors.js';
import { TeamService } from '../../src/team/team.service.js';
import { bearer, loginAs, nextTestIp, totpCode, type AdminSession } from '../support/admin-session.js';
import { expectRefused } from '../support/refusals.js';
import { registeredRoutes } from '../support/route-table.js';
import type { TestSmtp } from '../support/smtp.js';
import { CHROME_WINDOWS, FIREFOX_LINUX, useMailApp } from '../support/mail-app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const mailApp = useMailApp();
let sut: TestApp;
let smtp: TestSmtp;
/** The master who acts on the others (no e-mail, like every fixture of loginAs). */
let master: AdminSession;
beforeAll(() => {
  ({ sut, smtp, admin: master } = mailApp);
});

const GOOD_PASSWORD = 'Colheitadeira-Verde-42';

const as = (session: { token: string; ip: string }) => ({ Authorization: `Bearer ${session.token}`, 'X-Forwarded-For': session.ip });
const team = {
  list: (query = '', who: { token: string; ip: string } = master) => request(sut.server).get(`/api/admin/admins${query}`).set(as(who)),
  invite: (body: object, who: { token: string; ip: string } = master) => request(sut.server).post('/api/admin/admins').set(as(who)).send(body),
  patch: (id: number, body: object, who: { token: string; ip: string } = master) =>
    request(sut.server).patch(`/api/admin/admins/${id}`).set(as(who)).send(body),
  link: (id: number, who: { token: string; ip: string } = master) => request(sut.server).post(`/api/admin/admins/${id}/link-senha`).set(as(who)),
  sessions: (id: number, who: { token: string; ip: string } = master) => request(sut.server).get(`/api/admin/admins/${id}/sessoes`).set(as(who)),
  endAll: (id: number, who: { token: string; ip: string } = master) => request(sut.server).delete(`/api/admin/admins/${id}/sessoes`).set(as(who)),
  endOne: (id: number, session: string, who: { token: string; ip: string } = master) =>
    request(sut.server).delete(`/api/admin/admins/${id}/sessoes/${session}`).set(as(who)),
  accept: (body: object) => request(sut.server).post('/api/admin/convite').set('X-Forwarded-For', nextTestIp()).send(body),
  me: (who: { token: string; ip: string }) => request(sut.server).get('/api/admin/me').set(as(who)),
};

let seq = 0;
/** A fresh username with accents, unique per call. */
const uniqueName = (base: string) => `${base}${++seq}`;

/** An authorized IP for a role, and its 2FA secret. */
async function authorizedIp(role: 'master' | 'gestor'): Promise<{ ip: string; secret: string }> {
  const ip = nextTestIp();
  const { twofa } = await sut.app.get(IpsService).create({ ip, targetRole: role }, null);
  return { ip, secret: twofa.secret };
}

/** Logs in over HTTP from a fresh IP of the role; the response as it came. */
async function tryLogin(username: string, password: string, role: 'master' | 'gestor', userAgent = CHROME_WINDOWS) {
  const { ip, secret } = await authorizedIp(role);
  const res = await request(sut.server)
    .post('/api/admin/login')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', userAgent)
    .send({ username, password, otp: await totpCode(secret) });
  return { res, ip, token: res.body.token as string };
}

async function login(username: string, password: string, role: 'master' | 'gestor', userAgent?: string) {
  const { res, ip, token } = await tryLogin(username, password, role, userAgent);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ip, token };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** The props a page visit renders, read from the page object in the HTML. */
async function pageProps(path: string, who?: { cookie: string; ip: string }) {
  const res = await request(sut.server)
    .get(path)
    .set(who ? { Cookie: who.cookie, 'X-Forwarded-For': who.ip } : {})
    .expect(200);
  return { res, props: JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text)![1]).props };
}

/** Invites a colleague and sets the password through the link: the admin, its username and a session. */
async function member(role: 'master' | 'gestor' = 'gestor', extra: object = {}) {
  const username = uniqueName(role === 'master' ? 'mestre.' : 'gestora.');
  const invited = await team.invite({ nome: `Colega ${username}`, username, role, ...extra }).expect(201);
  await team.accept({ token: tokenOf(invited.body.convite.url), senha: GOOD_PASSWORD }).expect(200);
  const session = await login(username, GOOD_PASSWORD, role);
  return { id: invited.body.admin.id as number, username, session };
}

/** Answers 401 within a second, as a revoked session must on every instance. */
async function refusedWithinASecond(session: { token: string; ip: string }) {
  const until = Date.now() + 1000;
  let status = 0;
  do {
    status = (await team.me(session)).status;
    if (status === 401) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (Date.now() < until);
  expect(status).toBe(401);
}

const auditEntries = (targetId: number) => sut.dataSource.getRepository(AuditEntry).find({ where: { targetType: 'admin', targetId }, order: { id: 'ASC' } });

describe('inviting a colleague', () => {
  it('creates the admin without a password and answers a one-time link valid for 72 h, stored only as a hash and e-mailed', async () => {
    const username = uniqueName('joana.');
    const email = `${username}@cooperativa.com.br`;
    const mail = smtp.next(email);
    const res = await team.invite({ nome: '  Joana Conceição  ', username: `  ${username.toUpperCase()} `, email, role: 'gestor' }).expect(201);
    expect(res.body.admin).toMatchObject({
      username,
      nome: 'Joana Conceição',
      email,
      role: 'gestor',
      status: 'convite',
      sessoes_abertas: 0,
      last_login_at: null,
    });
    expect(res.body.convite.url).toMatch(/^https:\/\/agromaq\.test\/admin\/convite\?token=[\w-]{43}$/);
    const hours = (new Date(res.body.convite.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const token = tokenOf(res.body.convite.url);
    const links = await sut.dataSource.getRepository(AdminLink).findBy({ adminId: res.body.admin.id });
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);
    expect((await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: res.body.admin.id })).passwordHash).toBe('');

    const received = await mail;
    expect(received.subject).toBe('AgroMaq: convite para o painel');
    expect(received.text).toContain(res.body.convite.url);
    expect(received.text).toContain('72 horas');
    // The username the colleague types, how to get a 2FA code, and words that fit whoever is invited.
    expect(received.text).toContain(`Você recebeu um convite para o painel administrativo do AgroMaq, com o usuário ${username}.`);
    expect(received.text).toContain('peça a quem enviou este link o QR code do IP de onde você vai entrar');
    expect(received.text).not.toMatch(/convidad[oa]/);
  });

  it('says how many authorized IPs serve the invited role: none means nobody of it can log in yet', async () => {
    const own = await startTestApp();
    try {
      const master = await loginAs(own, 'master');
      const invite = (username: string) =>
        request(own.server).post('/api/admin/admins').set(bearer(master)).send({ nome: 'Gabriela Nunes', username, role: 'gestor' }).expect(201);
      expect((await invite('gabriela.nunes')).body.ips_do_papel).toBe(0);
      await own.app.get(IpsService).create({ ip: nextTestIp(), targetRole: 'gestor' }, null);
      expect((await invite('gabriela.nunes2')).body.ips_do_papel).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('refuses bad input in Portuguese and creates nothing', async () => {
    const before = await sut.dataSource.getRepository(Admin).count();
    expectRefused(await team.invite({ nome: '', username: 'ok.name', role: 'gestor' }), 400, { field: 'nome', message: 'Informe o nome.' });
    expectRefused(await team.invite({ nome: 'A', username: 'tem espaço', role: 'gestor' }), 400, { field: 'username' });
    expectRefused(await team.invite({ nome: 'A', username: 'x'.repeat(61), role: 'gestor' }), 400, { field: 'username' });
    expectRefused(await team.invite({ nome: 'A', username: 'ok.name2', role: 'dono' }), 400, {
      field: 'role',
      message: 'Papel inválido: use master ou gestor.',
    });
    expectRefused(await team.invite({ nome: 'A', username: 'ok.name3', role: 'gestor', email: 'sem-arroba' }), 400, {
      field: 'email',
      message: 'Email inválido',
    });
    expectRefused(await team.invite({ nome: 'A'.repeat(121), username: 'ok.name4', role: 'gestor' }), 400, { field: 'nome' });
    expectRefused(await team.invite({ nome: 'A', username: 'ok.name5', role: 'gestor', password_hash: 'x' }), 400);
    expect(await sut.dataSource.getRepository(Admin).count()).toBe(before);
  });

  it('keeps usernames unique without regard to case and accents, and logs in by any spelling of them', async () => {
    const base = uniqueName('joão.');
    await team.invite({ nome: 'João', username: base, role: 'gestor' }).expect(201);
    for (const spelling of [base.replace('ã', 'a'), base.toUpperCase(), base.replace('j', 'J').replace('ã', 'Ã')]) {
      expectRefused(await team.invite({ nome: 'Outro', username: spelling, role: 'gestor' }), 409, {
        field: 'username',
        message: 'Já existe um administrador com este usuário.',
      });
    }
    const { id, session } = await member('gestor');
    const stored = await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: id });
    const again = await login(stored.username.toUpperCase(), GOOD_PASSWORD, 'gestor');
    expect((await team.me(again)).body.admin.id).toBe(id);
    expect((await team.me(session)).status).toBe(200);
  });

  it('two invitations of one username at once: exactly one is created', async () => {
    const username = uniqueName('paralelo.');
    const results = await Promise.all([0, 1, 2].map(() => team.invite({ nome: 'Paralelo', username, role: 'gestor' })));
    expect(results.map((res) => res.status).sort((x, y) => x - y)).toEqual([201, 409, 409]);
  });
});

describe('the link sets the password once', () => {
  it('refuses short passwords, passwords with the username and common passwords, changing nothing', async () => {
    const username = uniqueName('senhas.');
    const invited = await team.invite({ nome: 'Regras', username, role: 'gestor' }).expect(201);
    const token = tokenOf(invited.body.convite.url);
    const cases: [string, string][] = [
      ['curta123', 'A senha deve ter pelo menos 12 caracteres.'],
      [`xx${username.toUpperCase()}yy99`, 'A senha não pode conter o nome de usuário.'],
      ['password1234', 'Esta senha é muito comum. Escolha outra.'],
      ['Senha@2026!!!', 'Esta senha é muito comum. Escolha outra.'],
      ['1qaz2wsx3edc4rfv', 'Esta senha é muito comum. Escolha outra.'],
      ['aaaaaaaaaaaaaa', 'Esta senha é muito comum. Escolha outra.'],
      ['1234567890123', 'Esta senha é muito comum. Escolha outra.'],
      ['x'.repeat(129), 'A senha deve ter no máximo 128 caracteres.'],
    ];
    for (const [senha, message] of cases) expectRefused(await team.accept({ token, senha }), 400, { field: 'senha', message });
    expect((await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: invited.body.admin.id })).passwordHash).toBe('');
    // The link was not spent by the refusals.
    await team.accept({ token, senha: GOOD_PASSWORD }).expect(200);
  });

  it('lets the admin log in from an IP of its role, and refuses the used link, an unknown one and an expired one with one message', async () => {
    const username = uniqueName('nova.');
    const invited = await team.invite({ nome: 'Nova Gestora', username, role: 'gestor' }).expect(201);
    const token = tokenOf(invited.body.convite.url);
    expect((await tryLogin(username, GOOD_PASSWORD, 'gestor')).res.status).toBe(401);

    await team.accept({ token, senha: GOOD_PASSWORD }).expect(200);
    const session = await login(username, GOOD_PASSWORD, 'gestor');
    expect((await team.me(session)).body.admin).toMatchObject({ username, role: 'gestor' });
    // Not from a master's IP: the access model of the spec stays.
    expect((await tryLogin(username, GOOD_PASSWORD, 'master')).res.status).toBe(401);

    expectRefused(await team.accept({ token, senha: 'Outra-Senha-Boa-77' }), 400, { message: INVITE_INVALID_MESSAGE });
    expectRefused(await team.accept({ token: 'x'.repeat(43), senha: GOOD_PASSWORD }), 400, { message: INVITE_INVALID_MESSAGE });

    const late = await team.invite({ nome: 'Atrasada', username: uniqueName('atrasada.'), role: 'gestor' }).expect(201);
    await sut.dataSource.getRepository(AdminLink).update({ adminId: late.body.admin.id }, { expiresAt: new Date(Date.now() - 1000) });
    expectRefused(await team.accept({ token: tokenOf(late.body.convite.url), senha: GOOD_PASSWORD }), 400, { message: INVITE_INVALID_MESSAGE });
    expect((await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: late.body.admin.id })).passwordHash).toBe('');
  });

  it('spends a link once when two requests race for it', async () => {
    const invited = await team.invite({ nome: 'Corrida', username: uniqueName('corrida.'), role: 'gestor' }).expect(201);
    const token = tokenOf(invited.body.convite.url);
    const results = await Promise.all([0, 1, 2].map((n) => team.accept({ token, senha: `${GOOD_PASSWORD}-${n}` })));
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
  });

  it('the page at the link says whether it can be used, for whom, and never echoes a dead token', async () => {
    const username = uniqueName('pagina.');
    const invited = await team.invite({ nome: 'Página Convite', username, role: 'gestor' }).expect(201);
    const token = tokenOf(invited.body.convite.url);
    const page = async (value: string) => (await pageProps(`/admin/convite?token=${encodeURIComponent(value)}`)).props;
    expect(await page(token)).toMatchObject({ token, valido: true, nome: 'Página Convite', username });
    await team.accept({ token, senha: GOOD_PASSWORD }).expect(200);
    expect(await page(token)).toMatchObject({ token: '', valido: false, nome: null, username: null });
    expect(await page('<script>')).toMatchObject({ token: '', valido: false });
  });
});

describe('the team list', () => {
  it('lists every admin with role, status, last login (date and IP) and open sessions; searches and filters by status', async () => {
    const active = await member('gestor', { email: 'ativa.lista@exemplo.com.br' });
    await login(active.username, GOOD_PASSWORD, 'gestor', FIREFOX_LINUX);
    const pending = await team.invite({ nome: 'Pendente Lista', username: uniqueName('pendente.'), role: 'master' }).expect(201);

    const all = await team.list('?pageSize=100').expect(200);
    const row = all.body.data.find((admin: { id: number }) => admin.id === active.id);
    expect(row).toMatchObject({ status: 'ativo', role: 'gestor', email: 'ativa.lista@exemplo.com.br', sessoes_abertas: 2, last_login_ip: expect.any(String) });
    expect(new Date(row.last_login_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(row).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'last_login_at',
      'last_login_ip',
      'nome',
      'role',
      'sessoes_abertas',
      'status',
      'username',
      'version',
    ]);

    const convite = await team.list('?status=convite&pageSize=100').expect(200);
    expect(convite.body.data.map((admin: { id: number }) => admin.id)).toContain(pending.body.admin.id);
    expect(convite.body.data.every((admin: { status: string }) => admin.status === 'convite')).toBe(true);

    const found = await team.list(`?busca=${encodeURIComponent('ATIVA.LISTA@')}`).expect(200);
    expect(found.body.data.map((admin: { id: number }) => admin.id)).toEqual([active.id]);
    const byName = await team.list(`?busca=${encodeURIComponent(active.username.toUpperCase())}`).expect(200);
    expect(byName.body.data.map((admin: { id: number }) => admin.id)).toEqual([active.id]);
    const wildcard = await team.list(`?busca=${encodeURIComponent('%')}`).expect(200);
    expect(wildcard.body.total).toBe(0);

    expectRefused(await team.list('?status=todas'), 400, { field: 'status' });
    expectRefused(await team.list(`?busca=${'a'.repeat(101)}`), 400, { field: 'busca' });
  });

  it('counts each status filter as the list shows it', async () => {
    const { counts } = (await pageProps('/admin/equipe', master)).props;
    for (const status of ['todos', 'ativos', 'inativos', 'convite']) {
      const res = await team.list(`?status=${status}&pageSize=1`).expect(200);
      expect(counts[status], status).toBe(res.body.total);
    }
    expect(counts.todos).toBe(counts.ativos + counts.inativos + counts.convite);
  });
});

describe('acting on a colleague', () => {
  it('edits name and e-mail without ending the sessions; a role change ends them', async () => {
    const colleague = await member('gestor');
    const edited = await team.patch(colleague.id, { nome: 'Nome Novo 🚜', email: 'novo@exemplo.com.br' }).expect(200);
    expect(edited.body.admin).toMatchObject({ nome: 'Nome Novo 🚜', email: 'novo@exemplo.com.br', role: 'gestor' });
    expect((await team.me(colleague.session)).status).toBe(200);

    await team.patch(colleague.id, { role: 'master' }).expect(200);
    await refusedWithinASecond(colleague.session);
    // Now a master: it logs in from a master's IP only.
    await login(colleague.username, GOOD_PASSWORD, 'master');
    const entries = await auditEntries(colleague.id);
    expect(JSON.parse(entries.find((entry) => entry.action === 'team.update')!.summary!)).toEqual({
      alteracoes: { name: [`Colega ${colleague.username}`, 'Nome Novo 🚜'], email: [null, 'novo@exemplo.com.br'] },
      operacao: 'alteracao',
    });
    expect(JSON.parse(entries.find((entry) => entry.action === 'team.role')!.summary!)).toEqual({
      alteracoes: { role: ['gestor', 'master'] },
      operacao: 'alteracao',
    });
  });

  it('refuses null for a field that may only be left out (name, role, active) with its message, and changes nothing', async () => {
    // Found by the contract's generated bodies: a null name or role reached the service and answered 500.
    const colleague = await member('gestor');
    const before = await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: colleague.id });
    for (const [body, field, message] of [
      [{ nome: null }, 'nome', 'Informe o nome.'],
      [{ nome: null, role: 'master' }, 'nome', 'Informe o nome.'],
      [{ role: null }, 'role', 'Papel inválido: use master ou gestor.'],
      [{ ativo: null }, 'ativo', 'Ativo deve ser verdadeiro ou falso.'],
    ] as const) {
      const res = await team.patch(colleague.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: colleague.id })).toEqual(before);
    // E-mail may be null: it clears the address.
    expect((await team.patch(colleague.id, { email: null }).expect(200)).body.admin.email).toBeNull();
  });

  it('deactivating ends every session and refuses logins; reactivating does not bring old tokens back', async () => {
    const colleague = await member('gestor');
    const listed = await team.patch(colleague.id, { ativo: false }).expect(200);
    expect(listed.body.admin).toMatchObject({ status: 'inativo', sessoes_abertas: 0 });
    await refusedWithinASecond(colleague.session);
    expect((await tryLogin(colleague.username, GOOD_PASSWORD, 'gestor')).res.status).toBe(401);

    await team.patch(colleague.id, { ativo: true }).expect(200);
    expect((await team.me(colleague.session)).status).toBe(401);
    await login(colleague.username, GOOD_PASSWORD, 'gestor');
    const actions = (await auditEntries(colleague.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['team.deactivate', 'team.reactivate']));
  });

  it('a new password link stops the old password at once, ends the sessions, kills the earlier link and sets a new password', async () => {
    const colleague = await member('gestor', { email: 'link.novo@exemplo.com.br' });
    const first = await team.link(colleague.id).expect(200);
    await refusedWithinASecond(colleague.session);
    expect((await tryLogin(colleague.username, GOOD_PASSWORD, 'gestor')).res.status).toBe(401);
    await expect
      .poll(() => smtp.messages.filter((mail) => JSON.stringify(mail.to).includes('link.novo@')).map((mail) => mail.subject))
      .toContain('AgroMaq: novo link de senha');
    const mailed = smtp.messages.find((mail) => mail.subject === 'AgroMaq: novo link de senha' && JSON.stringify(mail.to).includes('link.novo@'));
    expect(mailed?.text).toContain(first.body.convite.url);
    expect((await team.list(`?busca=${colleague.username}`)).body.data[0].status).toBe('convite');

    const second = await team.link(colleague.id).expect(200);
    expectRefused(await team.accept({ token: tokenOf(first.body.convite.url), senha: 'Primeiro-Link-Morto-1' }), 400, { message: INVITE_INVALID_MESSAGE });
    await team.accept({ token: tokenOf(second.body.convite.url), senha: 'Segundo-Link-Vale-22' }).expect(200);
    await login(colleague.username, 'Segundo-Link-Vale-22', 'gestor');
  });

  it("lists a colleague's open sessions with browser, system, IP and last request, and ends one or all of them", async () => {
    const colleague = await member('gestor');
    const firefox = await login(colleague.username, GOOD_PASSWORD, 'gestor', FIREFOX_LINUX);
    await team.me(firefox).expect(200);
    const listed = await team.sessions(colleague.id).expect(200);
    expect(listed.body.data).toHaveLength(2);
    const ff = listed.body.data.find((session: { ip: string }) => session.ip === firefox.ip);
    expect(ff).toMatchObject({ navegador: 'Firefox 133', sistema: 'Linux', atual: false, id: expect.any(String) });
    expect(new Date(ff.last_seen_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(listed.body.data.find((session: { ip: string }) => session.ip === colleague.session.ip)).toMatchObject({
      navegador: 'Chrome 142',
      sistema: 'Windows 10',
    });

    await team.endOne(colleague.id, ff.id).expect(200);
    await refusedWithinASecond(firefox);
    expect((await team.me(colleague.session)).status).toBe(200);
    expectRefused(await team.endOne(colleague.id, ff.id), 404, { message: 'Sessão não encontrada.' });
    expectRefused(await team.endOne(colleague.id + 100000, ff.id), 404, { message: 'Administrador não encontrado.' });

    const all = await team.endAll(colleague.id).expect(200);
    expect(all.body).toEqual({ ok: true, encerradas: 1 });
    await refusedWithinASecond(colleague.session);
  });
});

describe('links die with their reason', () => {
  const linkOf = async (url: string) =>
    sut.dataSource.getRepository(AdminLink).findOneByOrFail({ tokenHash: createHash('sha256').update(tokenOf(url)).digest('hex') });
  const refused = async (url: string) => {
    const res = await team.accept({ token: tokenOf(url), senha: GOOD_PASSWORD });
    expectRefused(res, 400, { message: INVITE_INVALID_MESSAGE });
    expect(res.body.code).toBe('INVITE_INVALID');
    expect((await pageProps(`/admin/convite?token=${encodeURIComponent(tokenOf(url))}`)).props).toMatchObject({ valido: false });
  };

  it('an invitation from a since-deactivated master is refused, and stays refused when that master is reactivated', async () => {
    const leaving = await member('master');
    const backup = await team.invite({ nome: 'Master Reserva', username: uniqueName('reserva.'), role: 'master' }, leaving.session).expect(201);
    const other = await team.invite({ nome: 'Gestora Convidada', username: uniqueName('convidada.'), role: 'gestor' }, leaving.session).expect(201);
    await team.patch(leaving.id, { ativo: false }).expect(200);

    for (const invited of [backup, other]) {
      expect((await linkOf(invited.body.convite.url)).usedAt).not.toBeNull();
      await refused(invited.body.convite.url);
    }
    await team.patch(leaving.id, { ativo: true }).expect(200);
    await refused(backup.body.convite.url);
    expect((await sut.dataSource.getRepository(Admin).findOneByOrFail({ adminId: backup.body.admin.id })).passwordHash).toBe('');
  });

  it('an invitation from a master demoted to gestor is refused', async () => {
    const demoted = await member('master');
    const invited = await team.invite({ nome: 'Convite Rebaixado', username: uniqueName('rebaixado.'), role: 'master' }, demoted.session).expect(201);
    await team.patch(demoted.id, { role: 'gestor' }).expect(200);
    expect((await linkOf(invited.body.convite.url)).usedAt).not.toBeNull();
    await refused(invited.body.convite.url);
  });

  it('a link is checked against its creator when used: a creator no longer an active master refuses it, even one changed past the team screen', async () => {
    const creator = await member('master');
    const invited = await team.invite({ nome: 'Checado no Uso', username: uniqueName('checado.'), role: 'gestor' }, creator.session).expect(201);
    const admins = sut.dataSource.getRepository(Admin);
    await admins.update({ adminId: creator.id }, { active: false });
    await refused(invited.body.convite.url);
    await admins.update({ adminId: creator.id }, { active: true, role: 'gestor' });
    await refused(invited.body.convite.url);
    // The link itself was never spent: the creator's standing alone refuses it.
    expect((await linkOf(invited.body.convite.url)).usedAt).toBeNull();
    await admins.update({ adminId: creator.id }, { role: 'master' });
    await team.accept({ token: tokenOf(invited.body.convite.url), senha: GOOD_PASSWORD }).expect(200);
  });

  it('deactivating then reactivating an invited admin leaves the old invitation dead; a fresh link works', async () => {
    const invited = await team.invite({ nome: 'Convite Pausado', username: uniqueName('pausado.'), role: 'gestor' }).expect(201);
    const id = invited.body.admin.id as number;
    await team.patch(id, { ativo: false }).expect(200);
    await refused(invited.body.convite.url);
    await team.patch(id, { ativo: true }).expect(200);
    expect((await linkOf(invited.body.convite.url)).usedAt).not.toBeNull();
    await refused(invited.body.convite.url);

    const fresh = await team.link(id).expect(200);
    await team.accept({ token: tokenOf(fresh.body.convite.url), senha: GOOD_PASSWORD }).expect(200);
    await login(invited.body.admin.username, GOOD_PASSWORD, 'gestor');
  });

  it('a password link dies the same way: with its admin deactivated and reactivated, and with its creator deactivated', async () => {
    const colleague = await member('gestor');
    const first = await team.link(colleague.id).expect(200);
    await team.patch(colleague.id, { ativo: false }).expect(200);
    await team.patch(colleague.id, { ativo: true }).expect(200);
    expect((await linkOf(first.body.convite.url)).usedAt).not.toBeNull();
    await refused(first.body.convite.url);

    const creator = await member('master');
    const second = await team.link(colleague.id, creator.session).expect(200);
    await team.patch(creator.id, { ativo: false }).expect(200);
    expect((await linkOf(second.body.convite.url)).usedAt).not.toBeNull();
    await refused(second.body.convite.url);
    expect((await tryLogin(colleague.username, GOOD_PASSWORD, 'gestor')).res.status).toBe(401);
  });
});

describe('guards', () => {
  it('never deactivates or demotes the last active master (409), and nobody changes their own role or deactivates themselves (403)', async () => {
    const app = await startTestApp();
    try {
      const only = await loginAs(app, 'master');
      const onlyId = (await request(app.server).get('/api/admin/me').set(bearer(only))).body.admin.id as number;
      const patch = (id: number, body: object, who: AdminSession = only) => request(app.server).patch(`/api/admin/admins/${id}`).set(bearer(who)).send(body);
      const own = 'Você não pode alterar o próprio papel, desativar a própria conta nem gerar um link de senha para si. Use Meu perfil.';
      expectRefused(await patch(onlyId, { ativo: false }), 403, { message: own });
      expectRefused(await patch(onlyId, { role: 'gestor' }), 403, { message: own });
      expectRefused(await request(app.server).post(`/api/admin/admins/${onlyId}/link-senha`).set(bearer(only)), 403, { message: own });
      // Editing one's own name through the team screen is fine.
      await patch(onlyId, { nome: 'Única Master' }).expect(200);

      // An invited master without a password yet cannot log in, so it does not count as a master who remains.
      await request(app.server).post('/api/admin/admins').set(bearer(only)).send({ nome: 'P', username: 'pendente.master', role: 'master' }).expect(201);
      const lastMaster = 'Não é possível desativar ou rebaixar o último master ativo.';
      // Only a master acts on the team, so the guard is met when the actor's own row no longer counts (another
      // master's change committed meanwhile): asked of the service with such an actor, as the race below does over HTTP.
      const service = app.app.get(TeamService);
      const actor = { adminId: 2_000_000, adminUsername: 'outro', ip: '203.0.113.250' };
      for (const changes of [{ ativo: false }, { role: 'gestor' as const }]) {
        await expect(service.update(onlyId, changes, actor)).rejects.toMatchObject({ code: 'LAST_MASTER', message: lastMaster });
      }
      const stored = await app.dataSource.getRepository(Admin).findOneByOrFail({ adminId: onlyId });
      expect(stored).toMatchObject({ role: 'master', active: true });
      expect((await request(app.server).get('/api/admin/me').set(bearer(only))).status).toBe(200);

      // With a second master who can log in, the first may be demoted by it.
      const second = await loginAs(app, 'master');
      await patch(onlyId, { role: 'gestor' }, second).expect(200);
    } finally {
      await app.close();
    }
  });

  it('two masters demoting each other at once: one is refused, a master remains', async () => {
    const app = await startTestApp();
    try {
      const a = await loginAs(app, 'master');
      const b = await loginAs(app, 'master');
      const id = async (who: AdminSession) => (await request(app.server).get('/api/admin/me').set(bearer(who))).body.admin.id as number;
      // The admin made by the fixture's first login is the third master: deactivate all but a and b first.
      const [idA, idB] = [await id(a), await id(b)];
      const others = (await request(app.server).get('/api/admin/admins?pageSize=100').set(bearer(a))).body.data.filter(
        (admin: { id: number; role: string }) => admin.role === 'master' && admin.id !== idA && admin.id !== idB,
      );
      for (const other of others) await request(app.server).patch(`/api/admin/admins/${other.id}`).set(bearer(a)).send({ ativo: false }).expect(200);
      const results = await Promise.all([
        request(app.server).patch(`/api/admin/admins/${idB}`).set(bearer(a)).send({ role: 'gestor' }),
        request(app.server).patch(`/api/admin/admins/${idA}`).set(bearer(b)).send({ role: 'gestor' }),
      ]);
      const statuses = results.map((res) => res.status).sort((x, y) => x - y);
      // The loser is refused as the last master (409) or, when the winner demoted it first, by its ended session (401).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const masters = await app.dataSource.getRepository(Admin).countBy({ role: 'master', active: true });
      expect(masters).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('a gestor gets 403 on every team route, and a link, token hash or secret never leaves through any of them', async () => {
    const gestor = await loginAs(sut, 'gestor');
    const routes = registeredRoutes(sut).filter((route) => route.path.startsWith('/api/admin/admins'));
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.path}`).toBe('master');
      const path = route.path.replace(':id', '1').replace(':sessaoId', 'x');
      const res = await request(sut.server)[route.method.toLowerCase() as 'get'](path).set(bearer(gestor)).send({});
      expectRefused(res, 403, { message: 'Acesso restrito ao administrador master.' });
    }
    const page = await request(sut.server).get('/admin/equipe').set(bearer(gestor));
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/admin/dashboard');
    const anonymous = await request(sut.server).get('/admin/equipe');
    expect(anonymous.headers.location).toMatch(/^\/admin\/login\?next=/);

    const secrets = [
      ...(await sut.dataSource.getRepository(Admin).find()).map((admin) => admin.passwordHash).filter(Boolean),
      ...(await sut.dataSource.getRepository(AdminLink).find()).map((link) => link.tokenHash),
      ...(await sut.dataSource.query('SELECT totp_secret FROM authorized_ips')).map((row: { totp_secret: string }) => row.totp_secret),
    ];
    const reads = [
      await team.list('?pageSize=100'),
      (await pageProps('/admin/equipe', master)).res,
      (await pageProps('/admin/perfil', master)).res,
      await team.sessions(1),
      await request(sut.server).get('/api/admin/me/sessoes').set(bearer(master)),
      await request(sut.server).get('/api/admin/auditoria?grupo=equipe&pageSize=1000').set(bearer(master)),
    ];
    for (const res of reads) {
      expect(res.status).toBe(200);
      for (const secret of secrets) expect(res.text).not.toContain(secret);
      expect(res.text).not.toMatch(/password_hash|passwordHash|totp|token_hash/i);
    }
  });
});

describe('the profile', () => {
  it("lists one's own sessions with the current one marked, and ends the others", async () => {
    const colleague = await member('gestor');
    const other = await login(colleague.username, GOOD_PASSWORD, 'gestor', FIREFOX_LINUX);
    const listed = await request(sut.server).get('/api/admin/me/sessoes').set(as(colleague.session)).expect(200);
    expect(listed.body.data.map((session: { atual: boolean }) => session.atual).sort()).toEqual([false, true]);
    const ended = await request(sut.server).delete('/api/admin/me/sessoes/outras').set(as(colleague.session)).expect(200);
    expect(ended.body).toEqual({ ok: true, encerradas: 1 });
    await refusedWithinASecond(other);
    expect((await team.me(colleague.session)).status).toBe(200);
  });

  it("changes one's own name and password: the current password is required, the rule applies, the other sessions end", async () => {
    const colleague = await member('gestor');
    const other = await login(colleague.username, GOOD_PASSWORD, 'gestor');
    const put = (body: object) => request(sut.server).put('/api/admin/me/senha').set(as(colleague.session)).send(body);
    expectRefused(await put({ senha_atual: 'errada-errada-1', nova_senha: 'Nova-Senha-Forte-9' }), 400, {
      field: 'senha_atual',
      message: 'Senha atual incorreta.',
    });
    expectRefused(await put({ senha_atual: GOOD_PASSWORD, nova_senha: 'curta' }), 400, {
      field: 'nova_senha',
      message: 'A senha deve ter pelo menos 12 caracteres.',
    });
    expect((await team.me(other)).status).toBe(200);
    await put({ senha_atual: GOOD_PASSWORD, nova_senha: 'Nova-Senha-Forte-9' }).expect(200);
    await refusedWithinASecond(other);
    expect((await team.me(colleague.session)).status).toBe(200);
    expect((await tryLogin(colleague.username, GOOD_PASSWORD, 'gestor')).res.status).toBe(401);
    await login(colleague.username, 'Nova-Senha-Forte-9', 'gestor');

    const renamed = await request(sut.server).patch('/api/admin/me').set(as(colleague.session)).send({ nome: 'Meu Nome Novo' }).expect(200);
    expect(renamed.body.admin).toMatchObject({ id: colleague.id, nome: 'Meu Nome Novo', role: 'gestor' });
    expectRefused(await request(sut.server).patch('/api/admin/me').set(as(colleague.session)).send({ nome: '  ' }), 400, { field: 'nome' });
    expectRefused(await request(sut.server).patch('/api/admin/me').set(as(colleague.session)).send({ role: 'master' }), 400);
  });

  it('limits password changes to 5 per 15 minutes per admin', async () => {
    const colleague = await member('gestor');
    const put = () =>
      request(sut.server).put('/api/admin/me/senha').set(as(colleague.session)).send({ senha_atual: 'errada-errada-1', nova_senha: 'Nova-Senha-Forte-9' });
    for (let i = 0; i < 5; i += 1) expect((await put()).status).toBe(400);
    expectRefused(await put(), 429, { message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
  });
});

describe('audit of the team', () => {
  it('every write route of the team module records an entry with actor, target, IP and no secrets', async () => {
    const writes = registeredRoutes(sut).filter(
      (route) => route.method !== 'GET' && /^(TeamApiController|ProfileApiController|InvitePublicController)\./.test(route.handler),
    );
    expect(writes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'DELETE /api/admin/admins/:id/sessoes',
      'DELETE /api/admin/admins/:id/sessoes/:sessaoId',
      'DELETE /api/admin/me/sessoes/outras',
      'PATCH /api/admin/admins/:id',
      'PATCH /api/admin/me',
      'POST /api/admin/admins',
      'POST /api/admin/admins/:id/link-senha',
      'POST /api/admin/convite',
      'PUT /api/admin/me/senha',
    ]);
    const colleague = await member('gestor');
    const extra = await login(colleague.username, GOOD_PASSWORD, 'gestor');
    const extraId = (await team.sessions(colleague.id)).body.data.find((session: { ip: string }) => session.ip === extra.ip).id as string;
    const calls: Record<string, () => Promise<request.Response>> = {
      'POST /api/admin/admins': () => team.invite({ nome: 'Auditado', username: uniqueName('auditado.'), role: 'gestor' }),
      'POST /api/admin/convite': async () => {
        const invited = await team.invite({ nome: 'Auditada', username: uniqueName('auditada.'), role: 'gestor' });
        return team.accept({ token: tokenOf(invited.body.convite.url), senha: GOOD_PASSWORD });
      },
      'PATCH /api/admin/admins/:id': () => team.patch(colleague.id, { nome: 'Auditado Editado' }),
      'DELETE /api/admin/admins/:id/sessoes/:sessaoId': () => team.endOne(colleague.id, extraId),
      'DELETE /api/admin/admins/:id/sessoes': () => team.endAll(colleague.id),
      'PATCH /api/admin/me': () =>
        request(sut.server)
          .patch('/api/admin/me')
          .set(bearer(master))
          .send({ nome: `Master ${seq++}` }),
      'DELETE /api/admin/me/sessoes/outras': () => request(sut.server).delete('/api/admin/me/sessoes/outras').set(bearer(master)),
      'PUT /api/admin/me/senha': async () => {
        const own = await member('gestor');
        return request(sut.server).put('/api/admin/me/senha').set(as(own.session)).send({ senha_atual: GOOD_PASSWORD, nova_senha: 'Trocada-Auditada-31' });
      },
      'POST /api/admin/admins/:id/link-senha': () => team.link(colleague.id),
    };
    expect(Object.keys(calls).sort()).toEqual(writes.map((route) => `${route.method} ${route.path}`).sort());
    for (const key of Object.keys(calls)) {
      const before = await sut.dataSource.getRepository(AuditEntry).count();
      const res = await calls[key]();
      expect(res.status, `${key}: ${res.text}`).toBeLessThan(300);
      const entries = await sut.dataSource
        .getRepository(AuditEntry)
        .find({ order: { id: 'DESC' }, take: (await sut.dataSource.getRepository(AuditEntry).count()) - before });
      const teamEntries = entries.filter((entry) => /^(team|me)\./.test(entry.action));
      expect(teamEntries.length, `${key} writes no audit entry`).toBeGreaterThan(0);
      for (const entry of teamEntries) {
        expect(entry, key).toMatchObject({ targetType: 'admin', targetId: expect.any(Number), ip: expect.any(String), adminId: expect.any(Number) });
        expect(entry.summary ?? '', key).not.toMatch(/senha|password|token|Trocada|Colheitadeira/i);
      }
    }

    const filtered = await request(sut.server).get('/api/admin/auditoria?grupo=equipe&pageSize=200').set(bearer(master)).expect(200);
    expect(filtered.body.total).toBeGreaterThan(5);
    expect(filtered.body.data.every((entry: { action: string }) => /^(team|me)\./.test(entry.action))).toBe(true);
    expectRefused(await request(sut.server).get('/api/admin/auditoria?grupo=todos').set(bearer(master)), 400, { field: 'grupo' });
  });
});

describe('sessions kept on the row', () => {
  it('a login keeps the browser User-Agent, cut to 255 characters', async () => {
    const colleague = await member('gestor');
    await login(colleague.username, GOOD_PASSWORD, 'gestor', `${CHROME_WINDOWS} ${'x'.repeat(400)}`);
    const rows = await sut.dataSource.getRepository(SessionRow).findBy({ adminId: colleague.id });
    expect(rows.every((row) => (row.userAgent ?? '').length <= 255)).toBe(true);
    expect(rows.some((row) => row.userAgent?.startsWith('Mozilla/5.0 (Windows'))).toBe(true);
  });
});

describe('the login page says the one reason a session ended', () => {
  /** The cookie of a token, as the back office's browser holds it. */
  const cookieOf = (session: { token: string; ip: string }) => ({ cookie: `agromaq_admin=${session.token}`, ip: session.ip });
  const noticeOf = async (session: { token: string; ip: string }, query = '') => (await pageProps(`/admin/login${query}`, cookieOf(session))).props.aviso;
  /** "HH:MM" in Brasília time (UTC−3, no daylight saving) of the moment the session's row says it ended. */
  const endedAt = async (session: { token: string }) => {
    const jti = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()).jti as string;
    const row = await sut.dataSource.getRepository(SessionRow).findOneByOrFail({ jti });
    return new Date(new Date(row.revokedAt!).getTime() - 3 * 3_600_000).toISOString().slice(11, 16);
  };
  const masterName = async () => (await sut.dataSource.getRepository(Admin).findOneByOrFail({ username: master.username })).name;

  it('a session a master ended names the master and the time; the session still open says nothing', async () => {
    const colleague = await member('gestor');
    const second = await login(colleague.username, GOOD_PASSWORD, 'gestor', FIREFOX_LINUX);
    const listed = (await team.sessions(colleague.id).expect(200)).body.data as { id: string; ip: string }[];
    await team.endOne(colleague.id, listed.find((session) => session.ip === second.ip)!.id).expect(200);
    expect(await noticeOf(second, '?reason=sessao_encerrada&next=%2Fadmin%2Fcontato')).toBe(
      `Sua sessão foi encerrada por um administrador master (${await masterName()}) às ${await endedAt(second)}. Faça login novamente.`,
    );
    expect(await noticeOf(colleague.session)).toBeNull();
  });

  it("says the person's own doing, a password link, a role change and a deactivation apart, each with who and when", async () => {
    const colleague = await member('gestor');
    const other = await login(colleague.username, GOOD_PASSWORD, 'gestor');
    await request(sut.server).delete('/api/admin/me/sessoes/outras').set(as(colleague.session)).expect(200);
    expect(await noticeOf(other)).toBe(
      `Sua sessão foi encerrada às ${await endedAt(other)} por você mesmo, em outra sessão (Meu perfil, “Encerrar as outras sessões”). Faça login novamente.`,
    );

    const name = await masterName();
    await team.patch(colleague.id, { role: 'master' }).expect(200);
    expect(await noticeOf(colleague.session)).toBe(
      `Seu papel no painel foi alterado para Master por um administrador master (${name}) às ${await endedAt(colleague.session)}. Entre de novo a partir de um IP autorizado para esse papel.`,
    );

    const linked = await member('gestor');
    await team.link(linked.id).expect(200);
    expect(await noticeOf(linked.session)).toMatch(
      new RegExp(
        `^Um administrador master \\(${name}\\) gerou um novo link de senha para você às ${await endedAt(linked.session)}: a senha anterior deixou de valer\\.`,
      ),
    );

    const deactivated = await member('gestor');
    await team.patch(deactivated.id, { ativo: false }).expect(200);
    expect(await noticeOf(deactivated.session)).toBe(
      `Seu acesso ao painel foi desativado por um administrador master (${name}) às ${await endedAt(deactivated.session)}. Fale com um administrador master se precisar voltar.`,
    );
    // Ended before the database's trigger could: the row keeps the master's reason and name.
    const row = await sut.dataSource.getRepository(SessionRow).findOneByOrFail({ adminId: deactivated.id });
    expect([row.revokedReason, row.revokedBy]).toEqual(['admin_inactive', expect.any(Number)]);
  });

  it('a browser without its cookie saw a logout in another tab; a token not signed by the server learns nothing', async () => {
    const none = await pageProps('/admin/login?reason=sessao_encerrada');
    expect(none.props.aviso).toBe('Você saiu do painel em outra aba ou janela deste navegador. Faça login novamente.');
    expect((await pageProps('/admin/login')).props.aviso).toBeNull();

    const colleague = await member('gestor');
    await team.endAll(colleague.id).expect(200);
    const [header, payload] = colleague.session.token.split('.');
    const forged = { token: `${header}.${payload}.${'A'.repeat(43)}`, ip: colleague.session.ip };
    expect(await noticeOf(forged, '?reason=sessao_encerrada')).toBeNull();
    expect(await noticeOf(colleague.session)).toMatch(/^Sua sessão foi encerrada por um administrador master \(/);
  });
});
