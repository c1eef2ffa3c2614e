import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizedIp } from '../../src/ips/authorized-ip.entity.js';
import { bearer, createAdminFixture, loginAs, nextTestIp, totpCode, type AdminSession } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let master: AdminSession;

beforeAll(async () => {
  sut = await startTestApp();
  master = await loginAs(sut, 'master');
});

afterAll(async () => {
  await sut?.close();
});

const ipCount = () => sut.dataSource.getRepository(AuthorizedIp).count();
const api = () => ({
  list: () => request(sut.server).get('/api/admin/ips-autorizados').set(bearer(master)),
  create: (body: object) => request(sut.server).post('/api/admin/ips-autorizados').set(bearer(master)).send(body),
  remove: (id: number | string) => request(sut.server).delete(`/api/admin/ips-autorizados/${id}`).set(bearer(master)),
  refresh: (id: number) => request(sut.server).post(`/api/admin/ips-autorizados/${id}/refresh-location`).set(bearer(master)),
  refreshAll: () => request(sut.server).post('/api/admin/ips-autorizados/refresh-location').set(bearer(master)),
});

describe('authorized IPs API', () => {
  it('lists the IPs with role, description, location and online status', async () => {
    const res = await api().list().expect(200);
    const own = res.body.data.find((ip: { ip: string }) => ip.ip === master.ip);
    expect(own).toMatchObject({ id: expect.any(Number), ip: master.ip, role: 'master', descricao: 'Teste', local: null, online: true, privado: false });
    expect(res.body.total).toBe(res.body.data.length);
  });

  it('adds an IP and returns its 2FA setup once: QR code, secret and otpauth URL with the product as issuer', async () => {
    const ip = nextTestIp();
    const res = await api()
      .create({ ip: `  ${ip} `, descricao: '  Escritório Londrina  ', targetRole: 'gestor' })
      .expect(201);
    expect(res.body.ip).toMatchObject({ ip, role: 'gestor', descricao: 'Escritório Londrina', online: false });
    expect(res.body.twofa.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(res.body.twofa.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.twofa.otpauth_url).toBe(`otpauth://totp/AgroMaq:Gestor%20${ip}?secret=${res.body.twofa.secret}&issuer=AgroMaq`);

    const stored = await sut.dataSource.getRepository(AuthorizedIp).findOneByOrFail({ ip });
    expect(stored.totpSecret).not.toContain(res.body.twofa.secret);
    expect(stored.createdBy).not.toBeNull();
  });

  it('stores addresses in one canonical form, so the same IP cannot be added twice', async () => {
    const mapped = await api().create({ ip: '::FFFF:198.51.100.7', targetRole: 'gestor' }).expect(201);
    // The same, written in hex: stored as the IPv4 address a client using it is seen with.
    const hexMapped = await api().create({ ip: '::ffff:c000:203', targetRole: 'gestor' }).expect(201);
    expect(hexMapped.body.ip.ip).toBe('192.0.2.3');
    expect(mapped.body.ip.ip).toBe('198.51.100.7');
    const v6 = await api().create({ ip: '2001:0DB8:0000:0000:0000:0000:0000:0001', targetRole: 'master' }).expect(201);
    expect(v6.body.ip.ip).toBe('2001:db8::1');

    const before = await ipCount();
    for (const ip of ['198.51.100.7', '2001:db8::1', '[2001:db8::1]']) {
      const res = await api().create({ ip, targetRole: 'gestor' }).expect(409);
      expect(res.body).toMatchObject({ code: 'IP_ALREADY_AUTHORIZED', message: 'Este IP já está cadastrado.' });
    }
    expect(await ipCount()).toBe(before);
  });

  it('refuses malformed addresses, long descriptions and unknown roles, and writes nothing', async () => {
    const before = await ipCount();
    const cases: [object, Record<string, string>][] = [
      [{ ip: '999.1.1.1', targetRole: 'gestor' }, { ip: 'Informe um endereço IPv4 ou IPv6 válido.' }],
      [{ ip: '1.2.3', targetRole: 'gestor' }, { ip: 'Informe um endereço IPv4 ou IPv6 válido.' }],
      [{ ip: 'fazenda.local', targetRole: 'gestor' }, { ip: 'Informe um endereço IPv4 ou IPv6 válido.' }],
      [{ ip: '1.2.3.4'.repeat(10), targetRole: 'gestor' }, { ip: 'Informe um endereço IPv4 ou IPv6 válido.' }],
      [{ ip: '   ', targetRole: 'gestor' }, { ip: 'Informe o IP.' }],
      // Addresses no client ever has: unspecified, multicast, broadcast.
      ...['0.0.0.0', '::', '0:0:0:0:0:0:0:0', '224.0.0.1', '239.255.255.250', 'ff02::1', '255.255.255.255'].map((ip): [object, Record<string, string>] => [
        { ip, targetRole: 'gestor' },
        { ip: 'Este endereço não identifica um computador (não especificado, multicast ou broadcast). Informe o IP de onde o administrador vai acessar.' },
      ]),
      [{ ip: nextTestIp(), targetRole: 'gestor', descricao: 'x'.repeat(10_000) }, { descricao: 'A descrição deve ter no máximo 255 caracteres.' }],
      [{ ip: nextTestIp(), targetRole: 'admin' }, { targetRole: 'Selecione o administrador: Master ou Gestor.' }],
      [{ ip: nextTestIp() }, { targetRole: 'Selecione o administrador: Master ou Gestor.' }],
    ];
    for (const [body, errors] of cases) {
      const res = await api().create(body).expect(400);
      expect(res.body.errors).toEqual(errors);
      expect(JSON.stringify(res.body)).not.toMatch(/stack|Error:|SQL/i);
    }
    expect(await ipCount()).toBe(before);
  });

  it('removes an IP; an unknown or malformed id gets a clear error', async () => {
    const created = await api().create({ ip: nextTestIp(), targetRole: 'gestor' }).expect(201);
    await api().remove(created.body.ip.id).expect(200);
    expect((await api().remove(created.body.ip.id).expect(404)).body.message).toBe('IP não encontrado.');
    expect((await api().remove('abc').expect(400)).body.message).toBe('Identificador inválido.');
  });

  it('never removes the last master IP', async () => {
    const other = await sut.dataSource.getRepository(AuthorizedIp).find({ where: { role: 'master' } });
    for (const ip of other.filter((row) => row.ip !== master.ip)) await sut.dataSource.getRepository(AuthorizedIp).delete({ id: ip.id });
    const own = await sut.dataSource.getRepository(AuthorizedIp).findOneByOrFail({ ip: master.ip });
    const res = await api().remove(own.id).expect(409);
    expect(res.body).toMatchObject({
      code: 'LAST_MASTER_IP',
      message: 'Não é possível remover o último IP master: ninguém mais conseguiria acessar o painel.',
    });
    expect(await sut.dataSource.getRepository(AuthorizedIp).existsBy({ id: own.id })).toBe(true);
  });

  it('locates public IPs offline as "Cidade, UF, País" and skips private ones', async () => {
    const br = await api().create({ ip: '200.160.2.3', targetRole: 'gestor' }).expect(201);
    const located = await api().refresh(br.body.ip.id).expect(200);
    expect(located.body).toMatchObject({ ok: true, skipped: false, ip: { local: expect.stringMatching(/^[^,]+, SP, Brasil$/) } });

    const us = await api().create({ ip: '8.8.8.8', targetRole: 'gestor' }).expect(201);
    expect((await api().refresh(us.body.ip.id).expect(200)).body.ip.local).toMatch(/Estados Unidos$/);

    for (const ip of ['10.1.2.3', '192.168.0.10', '172.20.0.1', 'fd00::1', '::ffff:127.0.0.2']) {
      const created = await api().create({ ip, targetRole: 'gestor' }).expect(201);
      expect(created.body.ip.privado).toBe(true);
      const res = await api().refresh(created.body.ip.id).expect(200);
      expect(res.body).toMatchObject({ ok: true, skipped: true, ip: { local: null } });
    }
  });

  it('locates every address in one call and says how many were located, unknown and private', async () => {
    const br = await api().create({ ip: '200.160.2.4', targetRole: 'gestor' }).expect(201);
    await api().create({ ip: '10.9.8.7', targetRole: 'gestor' }).expect(201);
    const res = await api().refreshAll().expect(200);
    const rows = (await api().list().expect(200)).body.data as { id: number; ip: string; privado: boolean; local: string | null }[];
    // Every address counted once: the private ones skipped, the public ones located or unknown to the database
    // (the tests' documentation addresses, 203.0.113.x, are in no database).
    expect(res.body).toEqual({
      ok: true,
      atualizados: rows.filter((row) => !row.privado && row.local !== null).length,
      falharam: rows.filter((row) => !row.privado && row.local === null).length,
      ignorados: rows.filter((row) => row.privado).length,
    });
    expect(res.body.atualizados).toBeGreaterThanOrEqual(1);
    expect(res.body.ignorados).toBeGreaterThanOrEqual(1);
    expect(rows.find((row) => row.id === br.body.ip.id)?.local).toMatch(/, SP, Brasil$/);
  });

  it('tells the caller the IP the server sees, and whether it is a public one', async () => {
    const res = await request(sut.server).get('/api/admin/meu-ip').set(bearer(master)).expect(200);
    expect(res.body).toEqual({ ip: master.ip, privado: false });
    const local = await loginAs(sut, 'master', '127.0.0.77');
    const loopback = await request(sut.server).get('/api/admin/meu-ip').set(bearer(local)).expect(200);
    expect(loopback.body).toEqual({ ip: '127.0.0.77', privado: true });
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores a forged X-Forwarded-For: the login is judged by the real address', async () => {
    const plain = await startTestApp({ TRUST_PROXY: 'false' });
    try {
      // The forged address is authorized and the credentials are right: only the real address can refuse it.
      const admin = await createAdminFixture(plain, 'master');
      const res = await request(plain.server)
        .post('/api/admin/login')
        .set('X-Forwarded-For', admin.ip)
        .send({ username: admin.username, password: admin.password, otp: await totpCode(admin.secret) })
        .expect(403);
      expect(res.body.code).toBe('IP_NOT_AUTHORIZED');
    } finally {
      await plain.close();
    }
  });
});
