import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { bearer, createAdminFixture, loginAs, nextTestIp, totpCode, type AdminSession } from '../support/admin-session.js';
import { enterpriseBody } from '../support/enterprise-factory.js';
import { createAppUser, createContactRow } from '../support/row-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let master: AdminSession;
let gestor: AdminSession;

beforeAll(async () => {
  sut = await startTestApp();
  master = await loginAs(sut, 'master');
  gestor = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  await sut?.close();
});

const trail = () => sut.dataSource.getRepository(AuditEntry).find({ order: { id: 'DESC' } });

describe('audit trail', () => {
  it('records logins, successful and refused, with the username tried and the address', async () => {
    const entries = await trail();
    expect(entries.find((entry) => entry.action === 'login.success' && entry.adminUsername === gestor.username)).toMatchObject({
      ip: gestor.ip,
      targetType: 'admin',
    });

    const fixture = await createAdminFixture(sut, 'gestor');
    await request(sut.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', fixture.ip)
      .send({ username: fixture.username, password: 'senha-errada', otp: await totpCode(fixture.secret) })
      .expect(401);
    const [failure] = await trail();
    expect(failure).toMatchObject({ action: 'login.failure', adminId: null, adminUsername: fixture.username, ip: fixture.ip });
    expect(failure.summary).not.toContain('senha-errada');
  });

  it('records each admin write with admin, IP, target and the fields it changed (no secrets)', async () => {
    const created = await request(sut.server)
      .post('/api/admin/enterprises')
      .set(bearer(gestor))
      .send(enterpriseBody({ fantasia: 'Auditada Máquinas' }))
      .expect(201);
    const id = created.body.enterprise_id as number;
    await request(sut.server).patch(`/api/admin/enterprises/${id}/status`).set(bearer(gestor)).send({ ativo: 0 }).expect(200);

    const user = await createAppUser(sut, { firstname: 'Ivo', lastname: 'Audit', email: 'ivo.audit@exemplo.com.br' });
    await request(sut.server).patch(`/api/admin/users/${user.userId}/status`).set(bearer(gestor)).send({ status: 0 }).expect(200);

    const contact = await createContactRow(sut, { nome: 'Ana', email: 'ana@exemplo.com.br', mensagem: 'Olá, tudo bem?' });
    await request(sut.server).patch(`/api/admin/contatos/${contact.id}/respondido`).set(bearer(gestor)).send({ canal: 'email' }).expect(200);
    await request(sut.server).delete(`/api/admin/contatos/${contact.id}`).set(bearer(gestor)).expect(200);

    const entries = await trail();
    const find = (action: string) => entries.find((entry) => entry.action === action);
    expect(find('enterprise.create')).toMatchObject({
      adminId: expect.any(Number),
      adminUsername: gestor.username,
      ip: gestor.ip,
      targetType: 'enterprise',
      targetId: id,
    });
    expect(JSON.parse(find('enterprise.create')!.summary!)).toMatchObject({ operacao: 'criacao', alteracoes: { fantasia: [null, 'Auditada Máquinas'] } });
    expect(JSON.parse(find('enterprise.status')!.summary!)).toEqual({ alteracoes: { ativo: [1, 0] }, operacao: 'alteracao' });
    expect(find('user.status')).toMatchObject({ targetType: 'user', targetId: user.userId });
    expect(JSON.parse(find('user.status')!.summary!)).toEqual({ alteracoes: { status: [1, 0] }, operacao: 'alteracao' });
    expect(find('contact.answered')).toMatchObject({ targetId: contact.id });
    expect(JSON.parse(find('contact.answered')!.summary!)).toMatchObject({
      alteracoes: { status: ['pendente', 'respondido'], response_channel: [null, 'email'] },
    });
    expect(find('contact.delete')).toMatchObject({ targetId: contact.id });
  });

  it('writes the entry before the answer: a write answered as done is already in the trail, even with a slow database', async () => {
    const entries = sut.dataSource.getRepository(AuditEntry);
    const insert = entries.insert.bind(entries);
    // The trail's table takes 300 ms to take each entry: an entry written after the answer would be missing.
    const slow = vi.spyOn(entries, 'insert').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return insert(...args);
    });
    try {
      const contact = await createContactRow(sut, { nome: 'Bia', email: 'bia@exemplo.com.br', mensagem: 'Quero um orçamento.' });
      await request(sut.server).patch(`/api/admin/contatos/${contact.id}/respondido`).set(bearer(gestor)).send({ canal: 'whatsapp' }).expect(200);
      const answered = await sut.dataSource.getRepository(AuditEntry).findOneBy({ action: 'contact.answered', targetId: contact.id });
      expect(answered).toMatchObject({ adminUsername: gestor.username });
      expect(JSON.parse(answered!.summary!)).toMatchObject({ alteracoes: { response_channel: [null, 'whatsapp'] } });
      await request(sut.server).delete(`/api/admin/contatos/${contact.id}`).set(bearer(gestor)).expect(200);
      expect(await sut.dataSource.getRepository(AuditEntry).findOneBy({ action: 'contact.delete', targetId: contact.id })).toMatchObject({
        adminUsername: gestor.username,
      });
      expect(slow).toHaveBeenCalledTimes(2);
    } finally {
      slow.mockRestore();
    }
  });

  it('does not record refused writes', async () => {
    const before = await sut.dataSource.getRepository(AuditEntry).count();
    await request(sut.server)
      .post('/api/admin/enterprises')
      .set(bearer(gestor))
      .send(enterpriseBody({ cnpj: '11111111111111' }))
      .expect(400);
    expect(await sut.dataSource.getRepository(AuditEntry).count()).toBe(before);
  });

  it('is readable by masters only, newest first, paginated and filtered by action', async () => {
    const res = await request(sut.server).get('/api/admin/auditoria?pageSize=5').set(bearer(master)).expect(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 5, total: await sut.dataSource.getRepository(AuditEntry).count() });
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'action',
      'admin_id',
      'admin_username',
      'alvo',
      'campos',
      'created_at',
      'enviados',
      'id',
      'ip',
      'operacao',
      'restaurado',
      'summary',
      'target_id',
      'target_type',
    ]);
    const times = res.body.data.map((entry: { created_at: string; id: number }) => entry.id);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const logins = await request(sut.server).get('/api/admin/auditoria?acao=login.failure').set(bearer(master)).expect(200);
    expect(logins.body.data.every((entry: { action: string }) => entry.action === 'login.failure')).toBe(true);
    await request(sut.server).get('/api/admin/auditoria?acao=nada').set(bearer(master)).expect(400);
    await request(sut.server).get('/api/admin/auditoria').set(bearer(gestor)).expect(403);
    await request(sut.server).get('/api/admin/auditoria').set('X-Forwarded-For', nextTestIp()).expect(401);
  });
});
