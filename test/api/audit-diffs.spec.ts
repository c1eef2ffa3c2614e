import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import type { AuditEntryView } from '../../src/shared/audit-actions.js';
import type { HistoryEntryView } from '../../src/shared/history.views.js';
import { bearer, loginAs, type AdminSession } from '../support/admin-session.js';
import { enterpriseBody, LONDRINA, MARINGA } from '../support/enterprise-factory.js';
import { createAppUser, createContactRow } from '../support/row-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The audit trail says what a write changed, as the record's history says it: only the fields that changed,
// "antes → depois", with the history's labels and names for ids; the record it is about by name, with the page
// that opens it. Entries written before keep their summary as it was.
let sut: TestApp;
let master: AdminSession;
let masterName: string;

beforeAll(async () => {
  sut = await startTestApp();
  master = await loginAs(sut, 'master');
  const [row] = (await sut.dataSource.query('SELECT name FROM admins WHERE username = ?', [master.username])) as { name: string }[];
  masterName = row.name;
});

afterAll(async () => {
  await sut?.close();
});

const api = (method: 'get' | 'put' | 'patch' | 'post' | 'delete', path: string) => request(sut.server)[method](`/api/admin${path}`).set(bearer(master));

/** The newest entry of `action` about record `id`, as the audit page reads it. */
async function latest(action: string, id: number): Promise<AuditEntryView> {
  const page = (await api('get', `/auditoria?acao=${action}&pageSize=100`).expect(200)).body as { data: AuditEntryView[] };
  const entry = page.data.find((candidate) => candidate.target_id === id);
  expect(entry, `${action} of ${id}`).toBeDefined();
  return entry!;
}

const said = (entry: AuditEntryView) => entry.campos!.map((field) => `${field.rotulo}: ${field.antes_texto} → ${field.depois_texto}`);

describe('the audit trail says what changed', () => {
  it('an edit keeps only the fields it changed, labelled and with names for ids, about the company by name, linked to where it opens', async () => {
    const body = enterpriseBody({ fantasia: 'Agro Sul Auditada', fone: '(43) 3325-1000', city_id: LONDRINA });
    const id = (await api('post', '/enterprises').send(body).expect(201)).body.enterprise_id as number;
    await api('put', `/enterprises/${id}`)
      .send({ ...body, fone: '(43) 99988-7766', city_id: MARINGA })
      .expect(200);

    const edit = await latest('enterprise.update', id);
    expect(said(edit)).toEqual(['Cidade: Londrina - PR → Maringá - PR', 'Telefone: (43) 3325-1000 → (43) 99988-7766']);
    expect(edit).toMatchObject({
      target_type: 'enterprise',
      operacao: 'alteracao',
      alvo: { tipo: 'Empresa', nome: 'Agro Sul Auditada', url: `/admin/empresas?status=todos&abrir=${id}` },
      restaurado: null,
    });
    // The record as it was sent is not kept: the unchanged company name is nowhere in the entry.
    expect(JSON.stringify(edit.summary)).not.toContain('Terra Vermelha Máquinas Agrícolas LTDA');

    // Saved again as it is: the entry says nothing changed.
    await api('put', `/enterprises/${id}`)
      .send({ ...body, fone: '(43) 99988-7766', city_id: MARINGA })
      .expect(200);
    expect((await latest('enterprise.update', id)).campos).toEqual([]);

    // A creation lists the values it set, in the same words.
    const created = await latest('enterprise.create', id);
    expect(created.operacao).toBe('criacao');
    expect(said(created)).toEqual(
      expect.arrayContaining(['Nome fantasia: — → Agro Sul Auditada', 'Cidade: — → Londrina - PR', 'Telefone: — → (43) 3325-1000']),
    );
    expect(created.campos!.every((field) => field.depois_texto !== '—')).toBe(true);
    // What the admin gave, not what the record starts with by itself (the score no form writes).
    expect(created.campos!.map((field) => field.campo)).not.toContain('score');

    // The status, in words.
    await api('patch', `/enterprises/${id}/status`).send({ ativo: 0 }).expect(200);
    expect(said(await latest('enterprise.status', id))).toEqual(['Status: Ativo → Inativo']);
  });

  it('a restore says which values came back, before → after, and from which change (when, by whom)', async () => {
    const body = enterpriseBody({ fantasia: 'Restaurada Implementos', fone: '(43) 3325-1000', city_id: LONDRINA });
    const id = (await api('post', '/enterprises').send(body).expect(201)).body.enterprise_id as number;
    await api('put', `/enterprises/${id}`)
      .send({ ...body, fone: '(43) 99988-7766' })
      .expect(200);
    const history = (await api('get', `/enterprises/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    const phoneChange = history.find((entry) => entry.campos.some((field) => field.campo === 'fone'))!;
    await api('post', `/enterprises/${id}/historico/${phoneChange.id}/restaurar`).expect(200);

    const restore = await latest('history.restore', id);
    expect(said(restore)).toEqual(['Telefone: (43) 99988-7766 → (43) 3325-1000']);
    expect(restore).toMatchObject({
      target_type: 'enterprise',
      alvo: { tipo: 'Empresa', nome: 'Restaurada Implementos', url: `/admin/empresas?status=todos&abrir=${id}` },
      restaurado: { entrada: phoneChange.id, em: phoneChange.em, por: masterName, versao: false },
    });
    expect(restore.summary).not.toHaveProperty('razao');
  });

  it('a return to a version says which values came back and which change left that version', async () => {
    const body = enterpriseBody({ fantasia: 'Versão Implementos', fone: '(43) 3325-1000', city_id: LONDRINA });
    const id = (await api('post', '/enterprises').send(body).expect(201)).body.enterprise_id as number;
    await api('put', `/enterprises/${id}`)
      .send({ ...body, fone: '(43) 99988-7766' })
      .expect(200);
    await api('put', `/enterprises/${id}`)
      .send({ ...body, fone: '(43) 98888-1111', city_id: MARINGA })
      .expect(200);
    const history = (await api('get', `/enterprises/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    const creation = history.at(-1)!;
    await api('post', `/enterprises/${id}/historico/${creation.id}/voltar`).expect(200);

    const revert = await latest('history.revert', id);
    expect(said(revert)).toEqual(['Cidade: Maringá - PR → Londrina - PR', 'Telefone: (43) 98888-1111 → (43) 3325-1000']);
    expect(revert).toMatchObject({
      alvo: { tipo: 'Empresa', nome: 'Versão Implementos', url: `/admin/empresas?status=todos&abrir=${id}` },
      restaurado: { entrada: creation.id, em: creation.em, por: masterName, versao: true },
    });
  });

  it("a person's edit is labelled and named by the person; a message answered and then deleted is named by its sender, with no link", async () => {
    const user = await createAppUser(sut, { firstname: 'Ivo', lastname: 'Diferença', email: 'ivo.diferenca@exemplo.com.br' });
    const person = { firstname: 'Ivone', lastname: 'Diferença', email: 'ivo.diferenca@exemplo.com.br', fone: '(43) 98877-6655', cpf: null };
    await api('put', `/users/${user.userId}`).send(person).expect(200);
    const edit = await latest('user.update', user.userId);
    expect(said(edit)).toEqual(['Nome: Ivo → Ivone', 'Telefone: — → (43) 98877-6655']);
    expect(edit.alvo).toEqual({ tipo: 'Usuário', nome: 'Ivone Diferença', url: `/admin/usuarios?abrir=${user.userId}` });

    const contact = await createContactRow(sut, { nome: 'Ana Remetente', email: 'ana.remetente@exemplo.com.br', mensagem: 'Quero um orçamento.' });
    await api('patch', `/contatos/${contact.id}/respondido`).send({ canal: 'whatsapp' }).expect(200);
    const answered = await latest('contact.answered', contact.id);
    // Still there: named by its sender and linked.
    expect(said(answered)).toEqual(expect.arrayContaining(['Status: Pendente → Respondido', 'Respondido por: — → WhatsApp']));
    expect(answered.alvo).toEqual({ tipo: 'Contato', nome: 'Ana Remetente', url: `/admin/contato?abrir=${contact.id}` });

    await api('delete', `/contatos/${contact.id}`).expect(200);
    const deleted = await latest('contact.delete', contact.id);
    expect(deleted).toMatchObject({ operacao: 'exclusao', campos: [], alvo: { tipo: 'Contato', nome: 'Ana Remetente', url: null } });
    // A deletion keeps the name of what it deleted, not the message; the entries before it still name the sender, unlinked.
    expect(JSON.stringify(deleted.summary)).not.toContain('orçamento');
    expect((await latest('contact.answered', contact.id)).alvo).toEqual({ tipo: 'Contato', nome: 'Ana Remetente', url: null });
  });

  it("a colleague's invitation, role and name read as the history's, and no secret is ever in the trail", async () => {
    const invited = await api('post', '/admins').send({ nome: 'Colega Auditado', username: 'colega.auditado', role: 'gestor' }).expect(201);
    const id = invited.body.admin.id as number;
    expect(said(await latest('team.invite', id))).toEqual(['Usuário: — → colega.auditado', 'Nome: — → Colega Auditado', 'Papel: — → Gestor']);
    await api('patch', `/admins/${id}`).send({ role: 'master', nome: 'Nome Auditado' }).expect(200);
    expect(said(await latest('team.role', id))).toEqual(['Papel: Gestor → Master']);
    expect(said(await latest('team.update', id))).toEqual(['Nome: Colega Auditado → Nome Auditado']);
    expect((await latest('team.role', id)).alvo).toEqual({ tipo: 'Administrador', nome: 'colega.auditado', url: '/admin/equipe' });
    await api('post', `/admins/${id}/link-senha`).expect(200);

    const trail = (await api('get', '/auditoria?pageSize=1000').expect(200)).text;
    const hashes = (await sut.dataSource.query('SELECT password_hash AS secret FROM admins WHERE password_hash IS NOT NULL')) as { secret: string }[];
    const otp = (await sut.dataSource.query('SELECT totp_secret AS secret FROM authorized_ips')) as { secret: string }[];
    for (const { secret } of [...hashes, ...otp].filter((row) => row.secret)) expect(trail).not.toContain(secret);
    expect(trail).not.toMatch(/password_hash|totp_secret|token/i);
  });

  it("an admin's own login names no target (the admin is who did it)", async () => {
    const page = (await api('get', '/auditoria?acao=login.success&pageSize=100').expect(200)).body as { data: AuditEntryView[] };
    expect(page.data.find((entry) => entry.admin_username === master.username)).toMatchObject({ alvo: null, campos: null, summary: null, enviados: null });
  });

  it('keeps the entries written before as they were: their summary, the record named, a restore by its entry number', async () => {
    const id = (
      await api('post', '/enterprises')
        .send(enterpriseBody({ fantasia: 'Antiga Auditoria' }))
        .expect(201)
    ).body.enterprise_id as number;
    await sut.dataSource.getRepository(AuditEntry).insert([
      {
        adminId: null,
        adminUsername: master.username,
        ip: master.ip,
        action: 'enterprise.update',
        targetType: 'enterprise',
        targetId: id,
        summary: JSON.stringify({ razao: 'Antiga', city_id: LONDRINA, representada_logo: null, motivo: 'x' }),
      },
      {
        adminId: null,
        adminUsername: master.username,
        ip: master.ip,
        action: 'history.restore',
        targetType: 'empresa',
        targetId: id,
        summary: JSON.stringify({ entrada: 1919 }),
      },
    ]);
    const edit = await latest('enterprise.update', id);
    expect(edit).toMatchObject({
      campos: null,
      operacao: null,
      summary: { razao: 'Antiga', city_id: LONDRINA },
      alvo: { tipo: 'Empresa', nome: 'Antiga Auditoria' },
    });
    // The fields it kept, named and in words as the history says them; a field that is not a column, as it was.
    expect(edit.enviados).toEqual([
      { rotulo: 'Razão social', texto: 'Antiga' },
      { rotulo: 'Cidade', texto: 'Londrina - PR' },
      { rotulo: 'Logo representada', texto: '—' },
      { rotulo: 'motivo', texto: 'x' },
    ]);
    const restore = await latest('history.restore', id);
    expect(restore).toMatchObject({ campos: null, restaurado: { entrada: 1919, em: null, por: null }, alvo: { tipo: 'Empresa', nome: 'Antiga Auditoria' } });
  });
});
