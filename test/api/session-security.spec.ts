import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSession as AdminSessionEntity } from '../../src/auth/admin-session.entity.js';
import { AUTOMATIC_REQUEST_HEADER } from '../../src/shared/session.views.js';
import { IpsService } from '../../src/ips/ips.service.js';
import { bearer, createAdminFixture, loginAs, nextTestIp, totpCode, type AdminSession } from '../support/admin-session.js';
import { listeningPort, openStream } from '../support/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// One minute of each, so a real minute and five seconds is enough to see both rules act.
let sut: TestApp;

beforeAll(async () => {
  sut = await startTestApp({ SESSION_IDLE_MINUTES: '1', STEP_UP_MINUTES: '1' });
});

afterAll(async () => {
  await sut?.close();
});

const jtiOf = (session: { token: string }) => JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()).jti as string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const get = (session: AdminSession, path: string, headers: Record<string, string> = {}) =>
  request(sut.server)
    .get(path)
    .set({ ...bearer(session), ...headers });
const addIp = (session: AdminSession, ip: string) =>
  request(sut.server).post('/api/admin/ips-autorizados').set(bearer(session)).send({ ip, targetRole: 'gestor', descricao: 'Escritório de Londrina' });
const confirm = (session: AdminSession, otp: string) => request(sut.server).post('/api/admin/confirmar-identidade').set(bearer(session)).send({ otp });
const ipCount = async () => Number((await sut.dataSource.query('SELECT COUNT(*) AS total FROM authorized_ips'))[0].total);

describe('idle timeout and step-up, with SESSION_IDLE_MINUTES=1 and STEP_UP_MINUTES=1', () => {
  it('ends an idle session with 401 SESSION_IDLE, keeps an active one, and asks the active one for a new 2FA code before a sensitive action', async () => {
    const idle = await loginAs(sut, 'gestor');
    const automatic = await loginAs(sut, 'gestor');
    const active = await loginAs(sut, 'master');
    const stream = await openStream(await listeningPort(sut.server), bearer(automatic));
    expect(stream.status).toBe(200);

    // 65 s: `active` makes a request every 10 s; `automatic` only refreshes by itself and keeps its event stream
    // open; `idle` does nothing.
    const started = Date.now();
    while (Date.now() - started < 65_000) {
      await get(active, '/api/admin/contadores').expect(200);
      // Its refreshes go on while the session is young enough to be sure it is still open.
      if (Date.now() - started < 50_000) await get(automatic, '/api/admin/contadores', { [AUTOMATIC_REQUEST_HEADER]: '1' }).expect(200);
      await sleep(Math.min(10_000, 65_000 - (Date.now() - started)));
    }
    stream.close();

    const ended = { statusCode: 401, code: 'SESSION_IDLE', message: 'Sua sessão foi encerrada por inatividade. Faça login novamente.' };
    expect((await get(idle, '/api/admin/contadores').expect(401)).body).toEqual(ended);
    expect((await get(automatic, '/api/admin/contadores', { [AUTOMATIC_REQUEST_HEADER]: '1' }).expect(401)).body).toEqual(ended);
    // A page visit of an idle session goes to the login, which says why.
    const page = await request(sut.server).get('/admin/empresas').set('X-Forwarded-For', idle.ip).set('Cookie', idle.cookie).expect(302);
    expect(page.headers.location).toBe('/admin/login?reason=sessao_inativa&next=%2Fadmin%2Fempresas');
    const state = (await get(active, '/api/admin/sessao').expect(200)).body;
    expect(Date.parse(state.inativaEm) - Date.now()).toBeGreaterThan(55_000);
    expect(state.regras).toEqual({ inatividadeMinutos: 1, confirmacaoMinutos: 1 });

    // The login was 65 s ago: adding an IP needs a new confirmation, and nothing is added meanwhile.
    const before = await ipCount();
    const ip = nextTestIp();
    const refused = await addIp(active, ip).expect(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      code: 'STEP_UP_REQUIRED',
      message: 'Para autorizar um novo endereço IP, confirme sua identidade com o código 2FA.',
      acao: 'autorizar um novo endereço IP',
    });
    expect(await ipCount()).toBe(before);
    expect(Date.parse(state.confirmadaAte)).toBeLessThanOrEqual(Date.now());

    // A wrong code is refused without ending the session; a fresh one opens the window and the same action goes through.
    const wrong = await confirm(active, '000000').expect(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_OTP', errors: { otp: 'Código 2FA inválido.' } });
    const code = await totpCode(active.secret);
    const confirmed = (await confirm(active, code).expect(200)).body;
    expect(Date.parse(confirmed.confirmadaAte) - Date.now()).toBeGreaterThan(55_000);
    await addIp(active, ip).expect(201);
    expect(await ipCount()).toBe(before + 1);
    // The same code again is refused like at login.
    expect((await confirm(active, code).expect(400)).body.code).toBe('TOTP_ALREADY_USED');
  }, 120_000);

  it('a confirmation opens the sensitive actions for its own session only', async () => {
    const first = await loginAs(sut, 'master');
    // A second session of the same admin, from another master address.
    const otherIp = nextTestIp();
    const { twofa } = await sut.app.get(IpsService).create({ ip: otherIp, targetRole: 'master', descricao: 'Teste' }, null);
    const second = await request(sut.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', otherIp)
      .send({ username: first.username, password: first.password, otp: await totpCode(twofa.secret) })
      .expect(200);
    const other: AdminSession = { ...first, ip: otherIp, secret: twofa.secret, token: second.body.token };
    // Both logins are older than STEP_UP_MINUTES (their confirmation moved back).
    const repository = sut.dataSource.getRepository(AdminSessionEntity);
    for (const session of [first, other]) await repository.update({ jti: jtiOf(session) }, { confirmedAt: new Date(Date.now() - 120_000) });

    await addIp(first, nextTestIp()).expect(403);
    await confirm(first, await totpCode(first.secret, 1)).expect(200);
    await addIp(first, nextTestIp()).expect(201);
    expect((await addIp(other, nextTestIp()).expect(403)).body.code).toBe('STEP_UP_REQUIRED');
  });

  it('counts wrong confirmation codes in the login limit of the account: the ninth within 15 minutes is refused', async () => {
    const session = await loginAs(sut, 'gestor');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) statuses.push((await confirm(session, '000000')).status);
    // The login counted once: seven wrong codes, then the limit.
    expect(statuses.slice(0, 7)).toEqual(Array(7).fill(400));
    expect(statuses.slice(7)).toEqual([429, 429]);
    // The session itself goes on.
    await get(session, '/api/admin/contadores').expect(200);
  });

  it('every export, bulk change, team action and IP change answers STEP_UP_REQUIRED without a recent confirmation, naming the action', async () => {
    const master = await loginAs(sut, 'master');
    await sut.dataSource.getRepository(AdminSessionEntity).update({ jti: jtiOf(master) }, { confirmedAt: new Date(Date.now() - 120_000) });
    // Each with the words the back office's dialog reads ("Para exportar os contatos, digite o código 2FA…").
    const calls: [string, string, string, object?][] = [
      ['get', '/api/admin/enterprises/exportar?formato=csv', 'exportar as empresas'],
      ['get', '/api/admin/users/exportar?formato=csv', 'exportar os usuários'],
      ['get', '/api/admin/contatos/exportar?formato=csv', 'exportar os contatos'],
      ['get', '/api/admin/users/1/dados-pessoais', 'baixar a cópia dos dados pessoais do usuário'],
      ['post', '/api/admin/enterprises/status-em-lote', 'ativar ou desativar empresas em lote', { ids: [1], status: 'inativo' }],
      ['post', '/api/admin/users/status-em-lote', 'ativar ou desativar usuários em lote', { ids: [1], status: 'inativo' }],
      ['post', '/api/admin/admins', 'convidar um colega para a equipe', { username: 'novo', nome: 'Novo', role: 'gestor' }],
      ['patch', '/api/admin/admins/1', 'alterar os dados de um colega da equipe', { role: 'gestor' }],
      ['delete', '/api/admin/admins/1/sessoes', 'encerrar as sessões de um colega'],
      ['delete', '/api/admin/ips-autorizados/1', 'remover um IP autorizado'],
    ];
    for (const [method, path, words, body] of calls) {
      const call = (request(sut.server) as unknown as Record<string, (path: string) => request.Test>)[method](path).set(bearer(master));
      const res = body ? await call.send(body) : await call;
      expect(res.status, `${method.toUpperCase()} ${path}`).toBe(403);
      expect(res.body, `${method.toUpperCase()} ${path}`).toEqual({
        statusCode: 403,
        code: 'STEP_UP_REQUIRED',
        message: `Para ${words}, confirme sua identidade com o código 2FA.`,
        acao: words,
      });
    }
  });
});

describe('removing the authorized IP in use', () => {
  it('marks the address in use, and removing it ends the session that asked, saying so', async () => {
    // Another master address exists, so this one is not the last.
    await createAdminFixture(sut, 'master');
    const master = await loginAs(sut, 'master');
    const list = (await get(master, '/api/admin/ips-autorizados').expect(200)).body.data as { id: number; ip: string; em_uso: boolean }[];
    const mine = list.filter((ip) => ip.em_uso);
    expect(mine.map((ip) => ip.ip)).toEqual([master.ip]);

    const res = await request(sut.server).delete(`/api/admin/ips-autorizados/${mine[0].id}`).set(bearer(master)).expect(200);
    expect(res.body).toEqual({ ok: true, sessaoEncerrada: true, mensagem: 'O endereço em uso foi removido: sua sessão foi encerrada.' });
    expect((await get(master, '/api/admin/contadores').expect(401)).body.code).toBe('IP_REVOKED');
  });

  it('removing another address leaves the session open', async () => {
    const other = await createAdminFixture(sut, 'gestor');
    const master = await loginAs(sut, 'master');
    const id = ((await get(master, '/api/admin/ips-autorizados').expect(200)).body.data as { id: number; ip: string }[]).find((ip) => ip.ip === other.ip)!.id;
    expect((await request(sut.server).delete(`/api/admin/ips-autorizados/${id}`).set(bearer(master)).expect(200)).body).toEqual({
      ok: true,
      sessaoEncerrada: false,
    });
    await get(master, '/api/admin/contadores').expect(200);
  });
});
