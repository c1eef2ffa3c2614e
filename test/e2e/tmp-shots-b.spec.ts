import request from 'supertest';
import { describe, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { loginAs, bearer } from '../support/admin-session.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { enterpriseBody, MARINGA } from '../support/enterprise-factory.js';
import { createAppUser, createContactRow } from '../support/row-factories.js';

const app = useBrowserApp();
describe.skipIf(!browserAvailable)('shots', () => {
  it('shots', async () => {
    const m = await loginAs(app.sut, 'master');
    const api = (method: 'get' | 'put' | 'patch' | 'post' | 'delete', path: string) => request(app.sut.server)[method](`/api/admin${path}`).set(bearer(m));
    const body = enterpriseBody({ fantasia: 'Agro Sul Implementos' });
    const id = (await api('post', '/enterprises').send(body).expect(201)).body.enterprise_id as number;
    await api('put', `/enterprises/${id}`).send({ ...body, fone: '(43) 99988-7766', city_id: MARINGA }).expect(200);
    const h = (await api('get', `/enterprises/${id}/historico`).expect(200)).body.data;
    await api('post', `/enterprises/${id}/historico/${h[0].id}/restaurar`).expect(200);
    await api('put', `/enterprises/${id}/cobranca`).send({ endereco: 'Rua A', numero: '1', city_id: MARINGA }).expect((r) => r.status < 300 || console.log(r.body));
    const user = await createAppUser(app.sut, { firstname: 'Ivo', lastname: 'Souza', email: 'ivo@exemplo.com.br' });
    await api('put', `/users/${user.userId}`).send({ firstname: 'Ivone', lastname: 'Souza', email: 'ivo@exemplo.com.br', fone: '(43) 98877-6655', enterprise_id: id }).expect(200);
    const c = await createContactRow(app.sut, { nome: 'Ana Remetente', email: 'ana@exemplo.com.br', mensagem: 'Orçamento' });
    await api('patch', `/contatos/${c.id}/respondido`).send({ canal: 'whatsapp' }).expect(200);
    await api('delete', `/contatos/${c.id}`).expect(200);
    const inv = await api('post', '/admins').send({ nome: 'Colega Novo', username: 'colega.novo', role: 'gestor' }).expect(201);
    await api('patch', `/admins/${inv.body.admin.id}`).send({ role: 'master' }).expect(200);
    await app.sut.dataSource.getRepository(AuditEntry).insert({ adminId: null, adminUsername: m.username, ip: m.ip, action: 'history.restore', targetType: 'empresa', targetId: id, summary: JSON.stringify({ entrada: 1919 }) });
    await app.sut.dataSource.getRepository(AuditEntry).insert({ adminId: null, adminUsername: m.username, ip: m.ip, action: 'enterprise.update', targetType: 'enterprise', targetId: id, summary: JSON.stringify({ razao: 'Antiga', city_id: 4306106, fone: '(51) 3221-4000', representada_logo: null }) });
    for (const width of [390, 1440]) {
      const { page, close } = await openAdminPage(app, '/admin/auditoria', 'Auditoria', width, 'master');
      await page.screenshot({ path: `/tmp/shots-B/auditoria-todas-${width}.png`, fullPage: true });
      await close();
    }
  });
});
