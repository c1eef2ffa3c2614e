import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../src/auth/admin-role.js';
import { Admin } from '../../src/auth/admin.entity.js';
import { IpsService } from '../../src/ips/ips.service.js';
import { AccountEvent } from '../../src/team/account-event.entity.js';
import { TeamService } from '../../src/team/team.service.js';
import type { AccountEventView } from '../../src/shared/team.views.js';
import { nextTestIp, totpCode, type AdminSession } from '../support/admin-session.js';
import type { TestSmtp } from '../support/smtp.js';
import { CHROME_WINDOWS, FIREFOX_LINUX, useMailApp } from '../support/mail-app.js';
import type { TestApp } from '../support/test-app.js';

const mailApp = useMailApp();
let sut: TestApp;
let smtp: TestSmtp;
/** The master who acts on the others (no e-mail, like every fixture of loginAs). */
let master: AdminSession;
beforeAll(() => {
  ({ sut, smtp, admin: master } = mailApp);
});

const PROFILE_URL = 'https://agromaq.test/admin/perfil';

let seq = 0;

interface Account {
  id: number;
  username: string;
  nome: string;
  password: string;
  email: string | null;
  role: AdminRole;
}

interface Address {
  ip: string;
  secret: string;
}

interface Session {
  token: string;
  ip: string;
  /** The session cookie, for page visits. */
  cookie: string;
}

/** An admin with a password (and an e-mail unless `email` is null), made as the CLI makes one. */
async function account(role: AdminRole, email: string | null = `conta${++seq}@cooperativa.com.br`): Promise<Account> {
  const username = `atividade.${role}${++seq}`;
  const nome = `Pessoa ${seq}`;
  const password = `Senha-Atividade-${seq}-Segura`;
  const { admin } = await sut.app.get(TeamService).create({ username, nome, email, role, password }, null);
  return { id: admin.id, username, nome, password, email, role };
}

/** A new authorized address of a role, and its 2FA secret. */
async function address(role: AdminRole): Promise<Address> {
  const ip = nextTestIp();
  const { twofa } = await sut.app.get(IpsService).create({ ip, targetRole: role, descricao: 'Teste' }, null);
  return { ip, secret: twofa.secret };
}

/** Logs in over HTTP; `step` picks the next TOTP step when the address's current code was already spent. */
async function login(who: Account, from: Address, options: { step?: number; userAgent?: string } = {}): Promise<Session & { otp: string }> {
  const otp = await totpCode(from.secret, options.step ?? 0);
  const res = await request(sut.server)
    .post('/api/admin/login')
    .set('X-Forwarded-For', from.ip)
    .set('User-Agent', options.userAgent ?? CHROME_WINDOWS)
    .send({ username: who.username, password: who.password, otp });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((value) => /^(__Host-)?agromaq_admin=/.test(value))!.split(';')[0];
  return { token: res.body.token as string, ip: from.ip, otp, cookie };
}

const as = (session: Pick<Session, 'token' | 'ip'>) => ({ Authorization: `Bearer ${session.token}`, 'X-Forwarded-For': session.ip });

async function activity(session: Pick<Session, 'token' | 'ip'>): Promise<AccountEventView[]> {
  const res = await request(sut.server).get('/api/admin/me/atividade').set(as(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AccountEventView[];
}

const mailsTo = (email: string) => smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(email));

/** The first e-mail to `email` with `subject`, once it has arrived. */
async function mailWith(email: string, subject: string): Promise<ParsedMail> {
  await expect.poll(() => mailsTo(email).map((mail) => mail.subject), { timeout: 5000 }).toContain(subject);
  return mailsTo(email).find((mail) => mail.subject === subject)!;
}

/** An alert holds none of the secrets given, and links only to the profile (nothing that logs in). */
function expectSafe(mail: ParsedMail, secrets: string[]): void {
  const content = `${mail.subject}\n${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  for (const secret of secrets) expect(content, `the e-mail contains ${secret}`).not.toContain(secret);
  const links = new Set(content.match(/https?:\/\/[^\s"'<>]+/g));
  expect([...links]).toEqual([PROFILE_URL]);
  expect(content).not.toMatch(/token=|convite\?|otpauth:/);
}

describe('(a) logins', () => {
  it('lists every login; the first of an account is not e-mailed, one from a new address is, one from a known address is not', async () => {
    const person = await account('gestor');
    const home = await address('gestor');
    const office = await address('gestor');
    const travel = await address('gestor');

    const first = await login(person, home);
    expect(await activity(first)).toMatchObject([
      { tipo: 'login_first', titulo: 'Primeiro login da conta', ip: home.ip, navegador: 'Chrome 142', sistema: 'Windows 10' },
    ]);

    const second = await login(person, office, { userAgent: FIREFOX_LINUX });
    const alert = await mailWith(person.email!, 'AgroMaq: login de um endereço novo');
    expect(alert.text).toContain(office.ip);
    expect(alert.text).toContain('Firefox 133');
    expect(alert.text).toContain(`Olá, ${person.nome}!`);
    expectSafe(alert, [person.password, office.secret, second.otp, second.token]);
    // The first login's row was written before, and sent nothing.
    expect(mailsTo(person.email!).map((mail) => mail.subject)).toEqual(['AgroMaq: login de um endereço novo']);

    const again = await login(person, home, { step: 1 });
    // Another new address, as a marker: the known one's login sent nothing before it.
    await login(person, travel);
    await expect.poll(() => mailsTo(person.email!).length, { timeout: 5000 }).toBe(2);
    expect(
      mailsTo(person.email!)
        .map((mail) => mail.text)
        .join('\n'),
    ).not.toContain(`endereço que ela nunca tinha usado: ${home.ip}`);
    expect(mailsTo(person.email!)[1].text).toContain(travel.ip);

    const entries = await activity(again);
    expect(entries.map((entry) => [entry.tipo, entry.ip])).toEqual([
      ['login_new_ip', travel.ip],
      ['login', home.ip],
      ['login_new_ip', office.ip],
      ['login_first', home.ip],
    ]);
    expect(entries[2]).toMatchObject({ titulo: 'Login de um endereço novo', navegador: 'Firefox 133', sistema: 'Linux' });
    const times = entries.map((entry) => Date.parse(entry.created_at));
    expect(times.every((time) => Date.now() - time < 60_000)).toBe(true);
  });

  it('an admin without e-mail gets the entry but no e-mail, and sees only its own activity', async () => {
    const person = await account('gestor', null);
    const first = await login(person, await address('gestor'));
    const other = await address('gestor');
    const second = await login(person, other);
    // Another admin's alert as a marker: by its arrival, an alert of this login would have gone out too.
    const marker = await account('gestor');
    await login(marker, await address('gestor'));
    await login(marker, await address('gestor'));
    await mailWith(marker.email!, 'AgroMaq: login de um endereço novo');

    expect(smtp.messages.some((mail) => mail.text?.includes(`Olá, ${person.nome}!`))).toBe(false);
    const entries = await activity(second);
    expect(entries.map((entry) => [entry.tipo, entry.ip])).toEqual([
      ['login_new_ip', other.ip],
      ['login_first', first.ip],
    ]);
  });
});

describe('(b) password changes', () => {
  it('on the profile: listed with the address, e-mailed without the old or the new password', async () => {
    const person = await account('gestor');
    const session = await login(person, await address('gestor'));
    const newPassword = 'Nova-Senha-Do-Perfil-77';
    await request(sut.server).put('/api/admin/me/senha').set(as(session)).send({ senha_atual: person.password, nova_senha: newPassword }).expect(200);

    const alert = await mailWith(person.email!, 'AgroMaq: a sua senha foi alterada');
    expectSafe(alert, [person.password, newPassword, session.token]);
    expect(alert.text).toContain(session.ip);
    expect((await activity(session))[0]).toMatchObject({
      tipo: 'password_changed',
      titulo: 'Senha alterada',
      ip: session.ip,
      detalhe: expect.stringContaining('perfil'),
    });
  });

  it('through a password link: e-mailed without the link or the password; the invitation’s first password is listed only', async () => {
    const email = `link${++seq}@cooperativa.com.br`;
    const username = `atividade.link${seq}`;
    const invited = await request(sut.server)
      .post('/api/admin/admins')
      .set(as(master))
      .send({ nome: 'Pessoa do Link', username, email, role: 'gestor' })
      .expect(201);
    const invitation = invited.body.convite.url as string;
    const firstPassword = 'Primeira-Senha-Do-Convite-1';
    await request(sut.server)
      .post('/api/admin/convite')
      .set('X-Forwarded-For', nextTestIp())
      .send({ token: new URL(invitation).searchParams.get('token'), senha: firstPassword })
      .expect(200);

    const linked = await request(sut.server).post(`/api/admin/admins/${invited.body.admin.id}/link-senha`).set(as(master)).expect(200);
    const link = linked.body.convite.url as string;
    const token = new URL(link).searchParams.get('token')!;
    const newPassword = 'Senha-Nova-Pelo-Link-22';
    const from = nextTestIp();
    await request(sut.server).post('/api/admin/convite').set('X-Forwarded-For', from).send({ token, senha: newPassword }).expect(200);

    // The alert of the link's password is the last e-mail queued: by its arrival the others have arrived too.
    await expect.poll(() => mailsTo(email).filter((mail) => mail.text?.includes('pelo link de senha')).length, { timeout: 5000 }).toBe(1);
    const alert = mailsTo(email).find((mail) => mail.text?.includes('pelo link de senha'))!;
    expect(alert.subject).toBe('AgroMaq: a sua senha foi alterada');
    expect(alert.text).toContain(from);
    expectSafe(alert, [newPassword, firstPassword, token, link]);
    // The invitation and the link e-mails, and one alert: the first password, set by the invitation, alerts nobody.
    expect(
      mailsTo(email)
        .map((mail) => mail.subject)
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(['AgroMaq: a sua senha foi alterada', 'AgroMaq: convite para o painel', 'AgroMaq: novo link de senha']);

    const session = await login(
      { id: invited.body.admin.id, username, nome: 'Pessoa do Link', password: newPassword, email, role: 'gestor' },
      await address('gestor'),
    );
    const entries = await activity(session);
    expect(entries.map((entry) => [entry.tipo, entry.ip])).toEqual([
      ['login_first', session.ip],
      ['password_changed', from],
      ['password_changed', expect.any(String)],
    ]);
    expect(entries[1].detalhe).toContain('link de senha');
    expect(entries[2].detalhe).toContain('convite');
  });
});

describe('(c) sessions ended by someone else', () => {
  it('a master ending one session, then all: each listed and e-mailed, naming the master; ending one’s own others is not', async () => {
    const person = await account('gestor');
    const phone = await login(person, await address('gestor'), { userAgent: FIREFOX_LINUX });
    const deskAddress = await address('gestor');
    const desk = await login(person, deskAddress);
    const masterName = (await sut.dataSource.getRepository(Admin).findOneByOrFail({ username: master.username })).name;

    const open = await request(sut.server).get(`/api/admin/admins/${person.id}/sessoes`).set(as(master)).expect(200);
    const phoneSession = (open.body.data as { id: string; ip: string }[]).find((session) => session.ip === phone.ip)!;
    await request(sut.server).delete(`/api/admin/admins/${person.id}/sessoes/${phoneSession.id}`).set(as(master)).expect(200);
    const one = await mailWith(person.email!, 'AgroMaq: as suas sessões foram encerradas');
    expect(one.text).toContain(phone.ip);
    expect(one.text).toContain(masterName);
    expectSafe(one, [person.password, phone.token, phoneSession.id, master.token]);

    await request(sut.server).delete(`/api/admin/admins/${person.id}/sessoes`).set(as(master)).expect(200);
    await expect.poll(() => mailsTo(person.email!).filter((mail) => mail.subject === 'AgroMaq: as suas sessões foram encerradas').length).toBe(2);
    expectSafe(mailsTo(person.email!).at(-1)!, [person.password, desk.token]);

    const session = await login(person, deskAddress, { step: 1 });
    await login(person, await address('gestor'));
    // Ending one's own other session is not someone else ending it.
    const own = await request(sut.server).delete('/api/admin/me/sessoes/outras').set(as(session)).expect(200);
    expect(own.body.encerradas).toBe(1);
    const entries = (await activity(session)).filter((entry) => entry.tipo === 'sessions_ended');
    expect(entries).toMatchObject([
      { titulo: 'Sessões encerradas por outro administrador', ip: null, detalhe: `1 sessão encerrada por ${masterName}.` },
      { ip: phone.ip, navegador: 'Firefox 133', detalhe: `Sessão do endereço ${phone.ip} encerrada por ${masterName}.` },
    ]);
  });
});

describe('(d) role changes', () => {
  it('listed and e-mailed to the admin with an e-mail; listed only for the one without', async () => {
    const silent = await account('gestor', null);
    const person = await account('gestor');
    const masterName = (await sut.dataSource.getRepository(Admin).findOneByOrFail({ username: master.username })).name;
    await request(sut.server).patch(`/api/admin/admins/${silent.id}`).set(as(master)).send({ role: 'master' }).expect(200);
    await request(sut.server).patch(`/api/admin/admins/${person.id}`).set(as(master)).send({ role: 'master' }).expect(200);
    // The same role again changes nothing and tells nobody.
    await request(sut.server).patch(`/api/admin/admins/${person.id}`).set(as(master)).send({ role: 'master', nome: 'Pessoa Promovida' }).expect(200);

    const alert = await mailWith(person.email!, 'AgroMaq: o seu papel foi alterado');
    expect(alert.text).toContain('de Gestor para Master');
    expect(alert.text).toContain(masterName);
    expectSafe(alert, [person.password, master.token]);
    expect(smtp.messages.some((mail) => mail.text?.includes(`Olá, ${silent.nome}!`))).toBe(false);

    for (const who of [silent, person]) {
      const session = await login(who, await address('master'));
      const changes = (await activity(session)).filter((entry) => entry.tipo === 'role_changed');
      expect(changes).toMatchObject([{ titulo: 'Papel alterado', detalhe: `De Gestor para Master, por ${masterName}.` }]);
    }
    expect(mailsTo(person.email!).filter((mail) => mail.subject === 'AgroMaq: o seu papel foi alterado')).toHaveLength(1);
  });
});

describe('(e) new authorized IPs', () => {
  it('every active master is told (list always, e-mail when it has one) with the address, its label and who authorized it; never its 2FA secret', async () => {
    const watcher = await account('master');
    const away = await account('master');
    await sut.dataSource.getRepository(Admin).update({ adminId: away.id }, { active: false });
    const gestor = await account('gestor');
    const masterName = (await sut.dataSource.getRepository(Admin).findOneByOrFail({ username: master.username })).name;

    const ip = nextTestIp();
    const res = await request(sut.server)
      .post('/api/admin/ips-autorizados')
      .set(as(master))
      .send({ ip, descricao: 'Escritório de Campinas', targetRole: 'gestor' })
      .expect(201);
    const secret = res.body.twofa.secret as string;

    const alert = await mailWith(watcher.email!, 'AgroMaq: novo IP autorizado');
    expect(alert.text).toContain(ip);
    expect(alert.text).toContain('Escritório de Campinas');
    expect(alert.text).toContain(masterName);
    expectSafe(alert, [secret, res.body.twofa.otpauth_url, master.token]);

    const rows = await sut.dataSource.getRepository(AccountEvent).findBy({ kind: 'ip_authorized', ip });
    const told = rows.map((row) => row.adminId);
    expect(told).toContain(watcher.id);
    expect(told).not.toContain(away.id);
    expect(told).not.toContain(gestor.id);
    expect(mailsTo(away.email!)).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    // The acting master has no e-mail: the entry only.
    const own = (await activity(master)).find((entry) => entry.tipo === 'ip_authorized' && entry.ip === ip);
    expect(own).toMatchObject({ titulo: 'Novo IP autorizado', detalhe: `${ip} (Escritório de Campinas), para o papel Gestor, autorizado por ${masterName}.` });
  });
});

describe('the activity list', () => {
  it('answers the latest 50 entries, newest first, and only the asking admin’s; the profile page carries it', async () => {
    const person = await account('gestor');
    const session = await login(person, await address('gestor'));
    const other = await account('gestor');
    const events = sut.dataSource.getRepository(AccountEvent);
    const at = new Date();
    await events.insert(
      Array.from({ length: 60 }, (_, index) => ({
        adminId: person.id,
        kind: 'role_changed' as const,
        ip: null,
        userAgent: null,
        detail: `Entrada ${index}.`,
        createdAt: at,
      })),
    );
    await events.insert({ adminId: other.id, kind: 'role_changed', ip: null, userAgent: null, detail: 'De outra conta.', createdAt: at });

    const entries = await activity(session);
    expect(entries).toHaveLength(50);
    expect(entries[0].detalhe).toBe('Entrada 59.');
    expect(entries[49].detalhe).toBe('Entrada 10.');
    expect(entries.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id).sort((a, b) => b - a));
    expect(entries.some((entry) => entry.detalhe === 'De outra conta.')).toBe(false);

    const page = await request(sut.server).get('/admin/perfil').set({ Cookie: session.cookie, 'X-Forwarded-For': session.ip }).expect(200);
    const props = JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(page.text)![1]).props;
    expect(props.atividade).toHaveLength(50);
    expect(props.atividade[0].detalhe).toBe('Entrada 59.');
  });

  it('is for signed-in admins only', async () => {
    await request(sut.server).get('/api/admin/me/atividade').set('X-Forwarded-For', master.ip).expect(401);
  });
});
