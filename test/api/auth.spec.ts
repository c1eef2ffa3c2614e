import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSession as AdminSessionEntity } from '../../src/auth/admin-session.entity.js';
import { Admin } from '../../src/auth/admin.entity.js';
import { AUTHORIZATION_TTL_MS } from '../../src/auth/authorization-cache.js';
import { AuthorizedIp } from '../../src/ips/authorized-ip.entity.js';
import { bearer, createAdminFixture, loginAs, nextTestIp, totpCode } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;

beforeAll(async () => {
  sut = await startTestApp();
});

afterAll(async () => {
  await sut?.close();
});

const INVALID = { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Usuário, senha ou código 2FA inválidos.' };
const USED = {
  statusCode: 401,
  code: 'TOTP_ALREADY_USED',
  message: 'Este código 2FA já foi usado. Aguarde o próximo código no aplicativo autenticador e tente novamente.',
};
/** The session id a token names. */
const sessionJti = (session: { token: string }) => JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()).jti as string;
const sessionCount = () => sut.dataSource.getRepository(AdminSessionEntity).count();
const login = (ip: string, body: object) => request(sut.server).post('/api/admin/login').set('X-Forwarded-For', ip).send(body);

describe('POST /api/admin/login', () => {
  it('logs in with username, password and the IP’s TOTP code: {token, admin} and an HttpOnly cookie', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const res = await login(admin.ip, {
      username: ` ${admin.username.toUpperCase()} `,
      password: admin.password,
      otp: ` ${await totpCode(admin.secret)} `,
    }).expect(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      admin: { id: expect.any(Number), username: admin.username, name: expect.any(String), role: 'master' },
    });
    const cookies = res.headers['set-cookie'] as unknown as string[];
    const session = cookies.find((cookie) => cookie.startsWith('agromaq_admin='))!;
    expect(session).toContain(res.body.token);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(cookies.some((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
    const [header] = res.body.token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  });

  it('refuses a login from an IP that is not authorized, and writes nothing', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const before = await sessionCount();
    const res = await login(nextTestIp(), { username: admin.username, password: admin.password, otp: await totpCode(admin.secret) }).expect(403);
    expect(res.body).toEqual({ statusCode: 403, code: 'IP_NOT_AUTHORIZED', message: 'Este endereço IP não está autorizado a acessar o painel.' });
    expect(await sessionCount()).toBe(before);
  });

  it('answers a wrong password, a wrong code and an unknown user the same way', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const code = await totpCode(admin.secret);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const before = await sessionCount();
    for (const body of [
      { username: admin.username, password: 'senha-errada', otp: code },
      { username: admin.username, password: admin.password, otp: wrongCode },
      { username: 'ninguem', password: admin.password, otp: code },
    ]) {
      const res = await login(admin.ip, body).expect(401);
      expect(res.body).toEqual(INVALID);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an admin on an IP authorized for the other role', async () => {
    const gestor = await createAdminFixture(sut, 'gestor');
    const master = await createAdminFixture(sut, 'master');
    const res = await login(master.ip, { username: gestor.username, password: gestor.password, otp: await totpCode(master.secret) }).expect(401);
    expect(res.body).toEqual(INVALID);
  });

  it('refuses a replayed TOTP code, saying the code was already used and to wait for the next one', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const body = { username: admin.username, password: admin.password, otp: await totpCode(admin.secret) };
    await login(admin.ip, body).expect(200);
    const sessions = await sessionCount();
    const res = await login(admin.ip, body).expect(401);
    expect(res.body).toEqual(USED);
    expect(await sessionCount()).toBe(sessions);
  });

  it('a spent code with a wrong password gets the same answer as any wrong credential', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const otp = await totpCode(admin.secret);
    await login(admin.ip, { username: admin.username, password: admin.password, otp }).expect(200);
    const res = await login(admin.ip, { username: admin.username, password: `${admin.password}x`, otp }).expect(401);
    expect(res.body).toEqual(INVALID);
  });

  it('accepts the code of the previous step, but never one older than the last used', async () => {
    const admin = await createAdminFixture(sut, 'master');
    await login(admin.ip, { username: admin.username, password: admin.password, otp: await totpCode(admin.secret, 0) }).expect(200);
    const older = await login(admin.ip, { username: admin.username, password: admin.password, otp: await totpCode(admin.secret, -1) }).expect(401);
    expect(older.body).toEqual(USED);
    await login(admin.ip, { username: admin.username, password: admin.password, otp: await totpCode(admin.secret, 1) }).expect(200);
  });

  it('refuses a deactivated admin', async () => {
    const admin = await createAdminFixture(sut, 'master');
    await sut.dataSource.getRepository(Admin).update({ username: admin.username }, { active: false });
    await login(admin.ip, { username: admin.username, password: admin.password, otp: await totpCode(admin.secret) }).expect(401);
  });

  it('validates the input in Portuguese: required fields and a numeric code', async () => {
    const ip = (await createAdminFixture(sut, 'master')).ip;
    let res = await login(ip, {}).expect(400);
    expect(res.body.errors).toEqual({ username: 'Informe o usuário.', password: 'Informe a senha.', otp: 'Informe o código 2FA.' });
    res = await login(ip, { username: 'admin', password: 'x', otp: '12ab56' }).expect(400);
    expect(res.body.errors).toEqual({ otp: 'O código 2FA deve conter apenas números.' });
    res = await login(ip, { username: 'admin', password: 'x', otp: '123456', extra: 1 }).expect(400);
    expect(res.body.errors).toEqual({ extra: 'Campo não permitido.' });
  });
});

describe('sessions', () => {
  it('accepts the Bearer token and the session cookie', async () => {
    const session = await loginAs(sut, 'gestor');
    await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(200);
    const res = await request(sut.server).get('/api/admin/me').set('X-Forwarded-For', session.ip).set('Cookie', session.cookie).expect(200);
    expect(res.body.admin).toMatchObject({ username: session.username, role: 'gestor' });
  });

  it('answers 401 NO_AUTH without a token', async () => {
    const res = await request(sut.server).get('/api/admin/me').expect(401);
    expect(res.body).toEqual({ statusCode: 401, code: 'NO_AUTH', message: 'Faça login para continuar.' });
  });

  it('answers 401 TOKEN_EXPIRED to an expired token', async () => {
    const session = await loginAs(sut, 'master');
    const claims = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString());
    const expired = await new JwtService({ secret: sut.config.jwtSecret }).signAsync({
      sub: claims.sub,
      role: claims.role,
      jti: claims.jti,
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const res = await request(sut.server)
      .get('/api/admin/me')
      .set({ ...bearer(session), Authorization: `Bearer ${expired}` })
      .expect(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token signed with another key, or with no signature', async () => {
    const session = await loginAs(sut, 'master');
    const claims = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString());
    const forged = await new JwtService({ secret: 'outra-chave-qualquer-com-32-caracteres!' }).signAsync(claims);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${session.token.split('.')[1]}.`;
    for (const token of [forged, unsigned, 'lixo']) {
      const res = await request(sut.server)
        .get('/api/admin/me')
        .set({ ...bearer(session), Authorization: `Bearer ${token}` })
        .expect(401);
      expect(res.body.code).toBe('NO_AUTH');
    }
  });

  it('ends the session at logout: the same token is refused right after', async () => {
    const session = await loginAs(sut, 'master');
    const res = await request(sut.server).post('/api/admin/logout').set(bearer(session)).expect(200);
    expect((res.headers['set-cookie'] as unknown as string[]).some((cookie) => cookie.startsWith('agromaq_admin=;'))).toBe(true);
    const after = await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(401);
    expect(after.body.code).toBe('NO_AUTH');
  });

  it('ends the session when the admin is deactivated', async () => {
    const session = await loginAs(sut, 'gestor');
    await sut.dataSource.getRepository(Admin).update({ username: session.username }, { active: false });
    const res = await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(401);
    expect(res.body.code).toBe('NO_AUTH');
  });

  it('a session ended by deactivation stays ended when the admin is reactivated', async () => {
    const session = await loginAs(sut, 'gestor');
    const admins = sut.dataSource.getRepository(Admin);
    await admins.update({ username: session.username }, { active: false });
    await admins.update({ username: session.username }, { active: true });
    const res = await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(401);
    expect(res.body.code).toBe('NO_AUTH');
    const stored = await sut.dataSource
      .getRepository(AdminSessionEntity)
      .findOneByOrFail({ adminId: (await admins.findOneByOrFail({ username: session.username })).adminId });
    expect(stored).toMatchObject({ revokedReason: 'admin_inactive', revokedAt: expect.any(Date) });
  });

  it('a session ended by deleting its IP stays ended when the same IP is added again, with a new secret', async () => {
    const master = await loginAs(sut, 'master');
    const session = await loginAs(sut, 'gestor');
    const ip = await sut.dataSource.getRepository(AuthorizedIp).findOneByOrFail({ ip: session.ip });
    await request(sut.server).delete(`/api/admin/ips-autorizados/${ip.id}`).set(bearer(master)).expect(200);
    expect((await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(401)).body.code).toBe('IP_REVOKED');
    const added = await request(sut.server).post('/api/admin/ips-autorizados').set(bearer(master)).send({ ip: session.ip, targetRole: 'gestor' }).expect(201);
    expect(added.body.twofa.secret).toBeTruthy();
    const res = await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(401);
    expect(res.body.code).toBe('IP_REVOKED');
    // Another admin's sessions from other addresses are untouched.
    await request(sut.server).get('/api/admin/me').set(bearer(master)).expect(200);
  });

  it('answers IP_REVOKED when the session’s IP is deleted, and from an IP that is not authorized', async () => {
    const session = await loginAs(sut, 'gestor');
    const fromElsewhere = await request(sut.server)
      .get('/api/admin/me')
      .set({ ...bearer(session), 'X-Forwarded-For': nextTestIp() })
      .expect(401);
    expect(fromElsewhere.body).toEqual({ statusCode: 401, code: 'IP_REVOKED', message: 'O acesso a partir deste IP foi revogado. Faça login novamente.' });

    await sut.dataSource.getRepository(AuthorizedIp).delete({ ip: session.ip });
    const res = await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(401);
    expect(res.body.code).toBe('IP_REVOKED');
  });

  it('logging out with the session cookie needs the XSRF token, so another site cannot end a session', async () => {
    const session = await loginAs(sut, 'master');
    const cookieOnly = { 'X-Forwarded-For': session.ip, Cookie: session.cookie };
    const refused = await request(sut.server).post('/api/admin/logout').set(cookieOnly).expect(419);
    expect(refused.body.code).toBe('XSRF_MISMATCH');
    await request(sut.server).get('/api/admin/me').set(bearer(session)).expect(200);
    // With no session at all there is nothing to protect: the answer stays ok.
    await request(sut.server).post('/api/admin/logout').set('X-Forwarded-For', session.ip).expect(200);
  });

  it('protects cookie-authenticated writes with the XSRF token', async () => {
    const session = await loginAs(sut, 'master');
    const cookieOnly = { 'X-Forwarded-For': session.ip, Cookie: session.cookie };
    const refused = await request(sut.server).post('/api/admin/ips-autorizados').set(cookieOnly).send({ ip: nextTestIp(), targetRole: 'gestor' }).expect(419);
    expect(refused.body.code).toBe('XSRF_MISMATCH');

    const page = await request(sut.server).get('/admin/dashboard').set(cookieOnly).expect(200);
    const xsrf = decodeURIComponent(
      (page.headers['set-cookie'] as unknown as string[])
        .find((c) => c.startsWith('XSRF-TOKEN='))!
        .split(';')[0]
        .slice(11),
    );
    await request(sut.server)
      .post('/api/admin/ips-autorizados')
      .set({ ...cookieOnly, Cookie: `${session.cookie}; XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf })
      .send({ ip: nextTestIp(), targetRole: 'gestor' })
      .expect(201);
  });

  it("ties the XSRF token to its session: one picked up anonymously, or another admin's, is refused (419)", async () => {
    const xsrfOf = (res: request.Response) =>
      decodeURIComponent(
        (res.headers['set-cookie'] as unknown as string[])
          .find((c) => c.startsWith('XSRF-TOKEN='))!
          .split(';')[0]
          .slice(11),
      );
    const victim = await loginAs(sut, 'master');
    const write = (token: string) =>
      request(sut.server)
        .post('/api/admin/ips-autorizados')
        .set({ 'X-Forwarded-For': victim.ip, Cookie: `${victim.cookie}; XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token })
        .send({ ip: nextTestIp(), targetRole: 'gestor' });
    // The attacker's token, taken from the login page without any session.
    const anonymous = xsrfOf(await request(sut.server).get('/admin/login').expect(200));
    expect((await write(anonymous).expect(419)).body.code).toBe('XSRF_MISMATCH');
    // Another admin's token, valid for that admin's own session only.
    const other = await loginAs(sut, 'master');
    const othersToken = xsrfOf(await request(sut.server).get('/admin/dashboard').set({ 'X-Forwarded-For': other.ip, Cookie: other.cookie }).expect(200));
    expect((await write(othersToken).expect(419)).body.code).toBe('XSRF_MISMATCH');
    // The victim's own page issues one for its session, which works.
    const own = xsrfOf(await request(sut.server).get('/admin/dashboard').set({ 'X-Forwarded-For': victim.ip, Cookie: victim.cookie }).expect(200));
    await write(own).expect(201);
  });
});

describe('kept authorizations (no database round trip for a known session)', () => {
  const me = (session: Awaited<ReturnType<typeof loginAs>>) => request(sut.server).get('/api/admin/me').set(bearer(session));
  const known = async (session: Awaited<ReturnType<typeof loginAs>>) => {
    for (let i = 0; i < 3; i++) await me(session).expect(200);
  };

  it('logout, deactivation and the deletion of the IP refuse a session at the very next request, however often it was just used', async () => {
    const master = await loginAs(sut, 'master');
    const out = await loginAs(sut, 'gestor');
    await known(out);
    await request(sut.server).post('/api/admin/logout').set(bearer(out)).expect(200);
    expect((await me(out).expect(401)).body.code).toBe('NO_AUTH');

    const deactivated = await loginAs(sut, 'gestor');
    await known(deactivated);
    await sut.dataSource.getRepository(Admin).update({ username: deactivated.username }, { active: false });
    expect((await me(deactivated).expect(401)).body.code).toBe('NO_AUTH');

    const revoked = await loginAs(sut, 'gestor');
    await known(revoked);
    const ip = await sut.dataSource.getRepository(AuthorizedIp).findOneByOrFail({ ip: revoked.ip });
    await request(sut.server).delete(`/api/admin/ips-autorizados/${ip.id}`).set(bearer(master)).expect(200);
    expect((await me(revoked).expect(401)).body.code).toBe('IP_REVOKED');
    await me(master).expect(200);
  });

  it('a revocation committed in a transaction is seen at the next request after the commit', async () => {
    const session = await loginAs(sut, 'gestor');
    await known(session);
    await sut.dataSource.transaction(async (manager) => {
      await manager.getRepository(AdminSessionEntity).update({ jti: sessionJti(session) }, { revokedAt: new Date() });
      // MySQL/MariaDB: a request on another connection still sees the session standing until the commit (and
      // may keep it); SQLite has the one connection, which would wait for this transaction.
      if (sut.dataSource.options.type === 'mysql') await me(session).expect(200);
    });
    expect((await me(session).expect(401)).body.code).toBe('NO_AUTH');
  });

  it('a session ended beside the app (plain SQL in the database) is refused within AUTHORIZATION_TTL_MS', async () => {
    const session = await loginAs(sut, 'gestor');
    await known(session);
    const at = sut.dataSource.options.type === 'mysql' ? 'UTC_TIMESTAMP()' : "strftime('%Y-%m-%d %H:%M:%f', 'now')";
    await sut.dataSource.query(`UPDATE admin_sessions SET revoked_at = ${at} WHERE jti = ?`, [sessionJti(session)]);
    const deadline = Date.now() + AUTHORIZATION_TTL_MS + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await me(session)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
  });
});

describe('roles', () => {
  it('answers 403 to a gestor on every master route', async () => {
    const session = await loginAs(sut, 'gestor');
    const calls = [
      request(sut.server).get('/api/admin/ips-autorizados'),
      request(sut.server).post('/api/admin/ips-autorizados').send({ ip: nextTestIp(), targetRole: 'gestor' }),
      request(sut.server).delete('/api/admin/ips-autorizados/1'),
      request(sut.server).post('/api/admin/ips-autorizados/1/refresh-location'),
      request(sut.server).get('/api/admin/meu-ip'),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(session)).expect(403);
      expect(res.body).toEqual({ statusCode: 403, code: 'FORBIDDEN_ROLE', message: 'Acesso restrito ao administrador master.' });
    }
  });
});

describe('admin pages', () => {
  it('send a visitor without a session to the login page with the page as next', async () => {
    const res = await request(sut.server).get('/admin/ips?ordem=local&pagina=2').expect(302);
    expect(res.headers.location).toBe('/admin/login?next=%2Fadmin%2Fips%3Fordem%3Dlocal%26pagina%3D2');
    expect((await request(sut.server).get('/admin').expect(302)).headers.location).toBe('/admin/login?next=%2Fadmin');
  });

  it('send a session whose IP was revoked to the login page with reason=ip_revogado', async () => {
    const session = await loginAs(sut, 'gestor');
    const res = await request(sut.server).get('/admin/dashboard').set({ 'X-Forwarded-For': nextTestIp(), Cookie: session.cookie }).expect(302);
    expect(res.headers.location).toBe('/admin/login?reason=ip_revogado&next=%2Fadmin%2Fdashboard');
  });

  it('show the dashboard to a logged-in admin, with the admin in the shared props', async () => {
    const session = await loginAs(sut, 'gestor');
    const res = await request(sut.server).get('/admin/dashboard').set({ 'X-Forwarded-For': session.ip, Cookie: session.cookie }).expect(200);
    expect(res.text).toContain('"component":"Admin\\/Dashboard"');
    expect(res.text).toContain(`"username":"${session.username}"`);
    expect(res.text).toContain('<title>AgroMaq | Dashboard</title>');
  });

  it('send a gestor from /admin/ips to the dashboard, and show it to a master', async () => {
    const gestor = await loginAs(sut, 'gestor');
    const redirected = await request(sut.server).get('/admin/ips').set({ 'X-Forwarded-For': gestor.ip, Cookie: gestor.cookie }).expect(302);
    expect(redirected.headers.location).toBe('/admin/dashboard');
    const master = await loginAs(sut, 'master');
    const res = await request(sut.server).get('/admin/ips').set({ 'X-Forwarded-For': master.ip, Cookie: master.cookie }).expect(200);
    expect(res.text).toContain('"component":"Admin\\/Ips"');
    expect(res.text).toContain(`"ip":"${master.ip}"`);
  });
});

describe('login rate limit', () => {
  it('answers 429 after 10 quick attempts from one IP, whatever the usernames, while a correct login from another IP still works', async () => {
    const admin = await createAdminFixture(sut, 'gestor');
    const attacker = (await createAdminFixture(sut, 'gestor')).ip;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await login(attacker, { username: `palpite${i}`, password: `errada-${i}`, otp: '000000' })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    const limited = await login(attacker, { username: admin.username, password: admin.password, otp: await totpCode(admin.secret) }).expect(429);
    expect(limited.body.message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');

    await login(admin.ip, { username: admin.username, password: admin.password, otp: await totpCode(admin.secret) }).expect(200);
  });

  it('limits attempts on one account from one authorized IP to 8, without touching other IPs or accounts', async () => {
    const victim = await createAdminFixture(sut, 'gestor');
    const attacker = (await createAdminFixture(sut, 'gestor')).ip;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await login(attacker, { username: victim.username, password: `errada-${i}`, otp: '000000' })).status);
    expect(statuses).toEqual(Array(8).fill(401));
    const limited = await login(attacker, { username: victim.username.toUpperCase(), password: victim.password, otp: await totpCode(victim.secret) }).expect(
      429,
    );
    expect(limited.body).toEqual({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
    // Another account from the same address is judged on its own (the 10th request of the minute, within the IP's 10).
    expect((await login(attacker, { username: `outro${Date.now()}`, password: 'errada', otp: '000000' })).status).toBe(401);
    // The victim, from its own address, logs in.
    await login(victim.ip, { username: victim.username, password: victim.password, otp: await totpCode(victim.secret) }).expect(200);
  });

  it('nobody outside can lock an admin out: 32 failures from four unauthorized addresses leave the real login working', async () => {
    const victim = await createAdminFixture(sut, 'master');
    for (const address of ['127.0.0.51', '127.0.0.52', '127.0.0.53', '127.0.0.54']) {
      for (let i = 0; i < 8; i += 1) {
        const res = await login(address, { username: victim.username, password: `errada-${i}`, otp: '000000' });
        expect(res.status, `${address} attempt ${i + 1}`).toBe(403);
        expect(res.body.code).toBe('IP_NOT_AUTHORIZED');
      }
    }
    await login(victim.ip, { username: victim.username, password: victim.password, otp: await totpCode(victim.secret) }).expect(200);
  });

  it('spellings of one username share one count: the row MySQL/MariaDB match, or the folded name where nothing matches', async () => {
    const victim = await createAdminFixture(sut, 'gestor');
    const attacker = (await createAdminFixture(sut, 'gestor')).ip;
    const spellings = [
      victim.username.replace('g', 'ĝ'),
      victim.username.replace('e', 'é'),
      victim.username.replace('o', 'ó'),
      victim.username.toUpperCase().replace('G', 'Ĝ'),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1)
      statuses.push((await login(attacker, { username: spellings[i % spellings.length], password: `errada-${i}`, otp: '000000' })).status);
    // MySQL/MariaDB match every spelling to the victim's row; SQLite matches none, and they fold to one name.
    expect(statuses).toEqual([...Array(8).fill(401), 429]);
  });
});
