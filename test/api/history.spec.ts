import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminFixture, loginAs, type AdminSession } from '../support/admin-session.js';
import { enterpriseBody, LONDRINA, MARINGA } from '../support/enterprise-factory.js';
import { expectRefused } from '../support/refusals.js';
import { createAppUser, createContactRow } from '../support/row-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { AdminSession as AdminSessionEntity } from '../../src/auth/admin-session.entity.js';
import { HistoryService } from '../../src/history/history.service.js';
import type { HistoryEntryView } from '../../src/shared/history.views.js';
import { AppUser } from '../../src/users/app-user.entity.js';

let sut: TestApp;
let maria: AdminSession;
let other: AdminSession;
/** The master's name, as history entries and conflicts name the admin who made a change. */
let mariaName: string;

beforeAll(async () => {
  sut = await startTestApp();
  maria = await loginAs(sut, 'master');
  other = await loginAs(sut, 'gestor');
  const [row] = (await sut.dataSource.query('SELECT name FROM admins WHERE username = ?', [maria.username])) as { name: string }[];
  mariaName = row.name;
});

afterAll(async () => {
  await sut?.close();
});

const as = (who: AdminSession) => ({ Authorization: `Bearer ${who.token}`, 'X-Forwarded-For': who.ip });
const call = (who: AdminSession, method: 'get' | 'put' | 'patch' | 'post' | 'delete', path: string, ifMatch?: string) => {
  const req = request(sut.server)[method](`/api/admin${path}`).set(as(who));
  return ifMatch === undefined ? req : req.set('If-Match', ifMatch);
};

async function newCompany(overrides: Record<string, unknown> = {}) {
  const created = await call(maria, 'post', '/enterprises').send(enterpriseBody(overrides)).expect(201);
  return created.body.data as { enterprise_id: number; version: number } & Record<string, unknown>;
}

describe('versions and edit conflicts', () => {
  it('answers the version as ETag and in the body, and raises it on every save (no clocks)', async () => {
    const company = await newCompany();
    const read = await call(maria, 'get', `/enterprises/${company.enterprise_id}`).expect(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body.data.version).toBe(1);
    const saved = await call(maria, 'put', `/enterprises/${company.enterprise_id}`, '"1"')
      .send(enterpriseBody({ ...company, fone: '(43) 3325-2000' }))
      .expect(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.body.data.version).toBe(2);
    // The same form saving again with the version it got back never conflicts.
    const again = await call(maria, 'put', `/enterprises/${company.enterprise_id}`, saved.headers.etag as string)
      .send(enterpriseBody({ ...company, fone: '(43) 3325-3000' }))
      .expect(200);
    expect(again.body.data.version).toBe(3);
  });

  it('refuses a stale save with 412 EDIT_CONFLICT naming who changed it and when, the current record and the changed fields; nothing changes', async () => {
    const company = await newCompany({ fone: '(43) 3325-1000', site: 'https://antes.com.br' });
    const id = company.enterprise_id;
    // A saves a new phone; B, who read version 1, then saves a new site.
    await call(maria, 'put', `/enterprises/${id}`, '"1"')
      .set('X-Origem', 'formulario')
      .send(enterpriseBody({ ...company, fone: '(43) 3325-9999' }))
      .expect(200);
    const stale = await call(other, 'put', `/enterprises/${id}`, '"1"').send(enterpriseBody({ ...company, site: 'https://depois.com.br' }));
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('EDIT_CONFLICT');
    expect(stale.body.message).toMatch(new RegExp(`^Esta empresa foi alterada por ${mariaName} às \\d\\d:\\d\\d, depois que você a abriu\\.$`));
    expect(stale.body.versao_atual).toBe(2);
    expect(stale.body.atual).toMatchObject({ enterprise_id: id, fone: '4333259999', site: 'https://antes.com.br', version: 2 });
    expect(stale.body.campos_alterados).toEqual([
      expect.objectContaining({ campo: 'fone', rotulo: 'Telefone', antes_texto: '(43) 3325-1000', depois_texto: '(43) 3325-9999' }),
    ]);
    expect(stale.body.alterado_por).toBe(mariaName);
    const now = (await call(maria, 'get', `/enterprises/${id}`).expect(200)).body.data;
    expect(now).toMatchObject({ site: 'https://antes.com.br', fone: '4333259999', version: 2 });
  });

  it("a conflict with the asking admin's own save (another tab) says so instead of naming them; a colleague is still named", async () => {
    const company = await newCompany({ fone: '(43) 3325-1000' });
    const id = company.enterprise_id;
    await call(maria, 'put', `/enterprises/${id}`, '"1"')
      .set('X-Origem', 'formulario')
      .send(enterpriseBody({ ...company, fone: '(43) 3325-7777' }))
      .expect(200);
    // The same admin, from a second tab still at version 1.
    const own = await call(maria, 'put', `/enterprises/${id}`, '"1"').send(enterpriseBody({ ...company, site: 'https://aba2.com.br' }));
    expect(own.status).toBe(412);
    expect(own.body.message).toMatch(/^Você alterou esta empresa em outra aba ou janela às \d\d:\d\d, depois de abri-la aqui\.$/);
    expect(own.body).toMatchObject({ por_voce: true, versao_atual: 2 });
    expect((await call(maria, 'get', `/enterprises/${id}/alteracoes?desde=1`).expect(200)).body).toMatchObject({
      mensagem: own.body.message,
      por_voce: true,
    });
    // A colleague reading the same change is told who made it.
    const theirs = await call(other, 'put', `/enterprises/${id}`, '"1"').send(enterpriseBody({ ...company, site: 'https://outro.com.br' }));
    expect(theirs.body.message).toMatch(new RegExp(`^Esta empresa foi alterada por ${mariaName} às `));
    expect(theirs.body.por_voce).toBe(false);
    // A colleague's change after the admin's own: the admin is told of the colleague, not of their own tab.
    await call(other, 'put', `/enterprises/${id}`, '"2"')
      .send(enterpriseBody({ ...company, fone: '(43) 3325-7777', bairro: 'Colega' }))
      .expect(200);
    const mixed = await call(maria, 'put', `/enterprises/${id}`, '"1"').send(enterpriseBody({ ...company, numero: '9' }));
    expect(mixed.body.message).toMatch(/^Esta empresa foi alterada por .+ às \d\d:\d\d, depois que você a abriu\.$/);
    expect(mixed.body.message).not.toContain(mariaName);
    expect(mixed.body.por_voce).toBe(false);
    // A user's conflict speaks of the user ("abri-lo").
    const user = await createAppUser(sut, { firstname: 'Tiago', lastname: 'Aba' });
    const email = (await call(maria, 'get', `/users/${user.userId}`).expect(200)).body.data.email as string;
    await call(maria, 'put', `/users/${user.userId}`, '"1"').send({ firstname: 'Tiago', lastname: 'Aba Um', email }).expect(200);
    const again = await call(maria, 'put', `/users/${user.userId}`, '"1"').send({ firstname: 'Tiago', lastname: 'Aba Dois', email });
    expect(again.body.message).toMatch(/^Você alterou este usuário em outra aba ou janela às \d\d:\d\d, depois de abri-lo aqui\.$/);
  });

  it('accepts a write without If-Match as before, refuses a malformed one with 400, and takes * as any version', async () => {
    const company = await newCompany();
    const id = company.enterprise_id;
    await call(maria, 'put', `/enterprises/${id}`)
      .send(enterpriseBody({ ...company, bairro: 'Sem If-Match' }))
      .expect(200);
    for (const bad of ['1', 'W/"2"', '"abc"', '"1', '"99999999999"']) {
      const refused = await call(maria, 'put', `/enterprises/${id}`, bad).send(enterpriseBody({ ...company, bairro: 'Nunca' }));
      expectRefused(refused, 400);
      expect(refused.body.code).toBe('INVALID_IF_MATCH');
    }
    expect((await call(maria, 'get', `/enterprises/${id}`)).body.data).toMatchObject({ bairro: 'Sem If-Match', version: 2 });
    await call(maria, 'put', `/enterprises/${id}`, '*')
      .send(enterpriseBody({ ...company, bairro: 'Qualquer' }))
      .expect(200);
  });

  it('status toggles are not blocked by a version but raise it', async () => {
    const company = await newCompany();
    const toggled = await call(maria, 'patch', `/enterprises/${company.enterprise_id}/status`, '"1"').send({ ativo: 0 }).expect(200);
    expect(toggled.body.data.version).toBe(2);
    const again = await call(maria, 'patch', `/enterprises/${company.enterprise_id}/status`, '"1"').send({ ativo: 1 }).expect(200);
    expect(again.body.data.version).toBe(3);
  });

  it('a plain SQL UPDATE from another system raises the version and appears in the history as "banco"', async () => {
    const company = await newCompany({ bairro: 'Centro' });
    await sut.dataSource.query('UPDATE enterprises SET bairro = ? WHERE enterprise_id = ?', ['Jardim Outro Sistema', company.enterprise_id]);
    await sut.dataSource.query('UPDATE enterprises SET version = 999 WHERE enterprise_id = ?', [company.enterprise_id]).catch(() => undefined);
    const read = await call(maria, 'get', `/enterprises/${company.enterprise_id}`).expect(200);
    expect(read.body.data.bairro).toBe('Jardim Outro Sistema');
    const stale = await call(maria, 'put', `/enterprises/${company.enterprise_id}`, '"1"').send(enterpriseBody({ ...company, numero: '1' }));
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/^Esta empresa foi alterada por Sistema /);
    const history = (await call(maria, 'get', `/enterprises/${company.enterprise_id}/historico`).expect(200)).body;
    expect(history.data[0]).toMatchObject({
      quem: 'Sistema',
      origem: 'banco',
      origem_rotulo: 'Banco de dados',
      campos: [expect.objectContaining({ campo: 'bairro', antes_texto: 'Centro', depois_texto: 'Jardim Outro Sistema' })],
    });
  });

  it('a user, a contact and an admin carry versions and honour If-Match too', async () => {
    const user = await createAppUser(sut, { firstname: 'Joana', lastname: 'Prado' });
    const read = await call(maria, 'get', `/users/${user.userId}`).expect(200);
    expect(read.headers.etag).toBe('"1"');
    const body = { firstname: 'Joana', lastname: 'Prado Lima', email: read.body.data.email };
    await call(maria, 'put', `/users/${user.userId}`, '"1"').send(body).expect(200);
    expect((await call(other, 'put', `/users/${user.userId}`, '"1"').send({ ...body, lastname: 'Outra' })).body.message).toMatch(
      /^Este usuário foi alterado por .+, depois que você o abriu\.$/,
    );

    const contact = await createContactRow(sut, { nome: 'Pedro Campos', status: 'respondido' });
    expect((await call(maria, 'get', `/contatos/${contact.id}`).expect(200)).headers.etag).toBe('"1"');
    expect((await call(maria, 'delete', `/contatos/${contact.id}`, '"7"')).status).toBe(412);
    await call(maria, 'delete', `/contatos/${contact.id}`, '"1"').expect(200);

    const colleague = (await call(maria, 'get', '/admins?busca=Gustavo').expect(200)).body.data[0] as { id: number; version: number; nome: string };
    const member = await call(maria, 'get', `/admins/${colleague.id}`).expect(200);
    expect(member.headers.etag).toBe(`"${member.body.admin.version}"`);
    await call(maria, 'patch', `/admins/${colleague.id}`, `"${member.body.admin.version}"`)
      .send({ nome: `${colleague.nome} Souza` })
      .expect(200);
    expect((await call(maria, 'patch', `/admins/${colleague.id}`, `"${member.body.admin.version}"`).send({ nome: 'Outro Nome' })).status).toBe(412);
  });

  it('20 concurrent pairs of saves of the same version give exactly one 200 and one 412 each (MariaDB: two connections racing)', async () => {
    for (let pair = 0; pair < 20; pair++) {
      const company = await newCompany();
      const id = company.enterprise_id;
      const [a, b] = await Promise.all([
        call(maria, 'put', `/enterprises/${id}`, '"1"').send(enterpriseBody({ ...company, fone: '(43) 3000-0001' })),
        call(other, 'put', `/enterprises/${id}`, '"1"').send(enterpriseBody({ ...company, site: 'https://outro.com.br' })),
      ]);
      expect([a.status, b.status].sort((x, y) => x - y)).toEqual([200, 412]);
      const now = (await call(maria, 'get', `/enterprises/${id}`)).body.data;
      expect(now.version).toBe(2);
      const winner = a.status === 200 ? 'fone' : 'site';
      const entries = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data as { campos: { campo: string }[] }[];
      expect(entries.map((entry) => entry.campos.map((field) => field.campo))).toEqual([[winner], expect.any(Array)]);
    }
  });
});

describe('history of each record', () => {
  it('lists every change newest first with who, where from and only the changed fields, labelled and formatted; the creation first', async () => {
    const company = await newCompany({ city_id: LONDRINA });
    const id = company.enterprise_id;
    await call(maria, 'put', `/enterprises/${id}`, '"1"')
      .set('X-Origem', 'formulario')
      .send(enterpriseBody({ ...company, city_id: MARINGA }))
      .expect(200);
    await call(maria, 'put', `/enterprises/${id}/cobranca`, '"2"').send({ endereco: 'Rua da Cobrança', city_id: LONDRINA }).expect(200);
    await call(maria, 'post', '/enterprises/status-em-lote')
      .send({ acao: 'desativar', ids: [id] })
      .expect(200);
    const page = (await call(maria, 'get', `/enterprises/${id}/historico`).expect(200)).body;
    expect(page.proximo).toBeNull();
    expect(page.data.map((entry: { operacao: string; origem: string; versao: number }) => [entry.operacao, entry.origem, entry.versao])).toEqual([
      ['alteracao', 'lote', 4],
      ['alteracao', 'api', 3],
      ['alteracao', 'formulario', 2],
      ['criacao', 'api', 1],
    ]);
    const [bulk, billing, form, creation] = page.data;
    expect(bulk).toMatchObject({
      quem: mariaName,
      origem_rotulo: 'Lote',
      campos: [{ campo: 'ativo', rotulo: 'Status', antes_texto: 'Ativo', depois_texto: 'Inativo' }],
    });
    expect(billing.campos).toEqual([
      expect.objectContaining({ rotulo: 'Endereço de cobrança', antes_texto: '—', depois_texto: 'Rua da Cobrança' }),
      expect.objectContaining({ rotulo: 'Cidade de cobrança', depois_texto: 'Londrina - PR' }),
    ]);
    // A city as every screen writes it.
    expect(form.campos).toEqual([expect.objectContaining({ campo: 'city_id', rotulo: 'Cidade', antes_texto: 'Londrina - PR', depois_texto: 'Maringá - PR' })]);
    expect(creation.restauravel).toBe(false);
    // The score every new company starts with is nobody's change: the creation does not show it.
    expect(creation.campos.map((field: { campo: string }) => field.campo)).not.toContain('score');
    expect(creation.campos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campo: 'cnpj', antes_texto: '—', depois_texto: expect.stringMatching(/^\d\d\.\d{3}\.\d{3}\/\d{4}-\d\d$/) }),
      ]),
    );
  });

  it('pages with antes (keyset), newest first, and refuses a bad cursor', async () => {
    const company = await newCompany();
    for (let step = 0; step < 5; step++) {
      await call(maria, 'put', `/enterprises/${company.enterprise_id}`)
        .send(enterpriseBody({ ...company, numero: String(100 + step) }))
        .expect(200);
    }
    const first = (await call(maria, 'get', `/enterprises/${company.enterprise_id}/historico?limite=4`).expect(200)).body;
    expect(first.data.map((entry: { versao: number }) => entry.versao)).toEqual([6, 5, 4, 3]);
    const second = (await call(maria, 'get', `/enterprises/${company.enterprise_id}/historico?limite=4&antes=${first.proximo}`).expect(200)).body;
    expect(second.data.map((entry: { versao: number }) => entry.versao)).toEqual([2, 1]);
    expect(second.proximo).toBeNull();
    expectRefused(await call(maria, 'get', `/enterprises/${company.enterprise_id}/historico?antes=abc`), 400);
    expectRefused(await call(maria, 'get', `/enterprises/${company.enterprise_id}/historico?limite=1000`), 400);
  });

  it("an admin's password is recorded without its value: definida at the creation, alterada by a new password link", async () => {
    // A colleague of its own: a new password link ends that colleague's sessions.
    const fixture = await createAdminFixture(sut, 'gestor');
    const colleague = (await call(maria, 'get', `/admins?busca=${fixture.username}`).expect(200)).body.data[0] as { id: number };
    await call(maria, 'post', `/admins/${colleague.id}/link-senha`).expect(200);
    const entries = (await call(maria, 'get', `/admins/${colleague.id}/historico?limite=100`).expect(200)).body.data as HistoryEntryView[];
    const secret = (entry: HistoryEntryView) => entry.campos.find((field) => field.campo === 'password_hash');
    expect(secret(entries[0])).toMatchObject({ rotulo: 'Senha', oculto: true, antes: null, depois: null, depois_texto: 'alterada' });
    expect(secret(entries.at(-1)!)).toMatchObject({ oculto: true, depois_texto: 'definida' });
    expect(JSON.stringify(entries)).not.toMatch(/\$argon2|\$2[aby]\$/);
  });

  it("a gestor reads companies' history but not the team's", async () => {
    const company = await newCompany();
    await call(other, 'get', `/enterprises/${company.enterprise_id}/historico`).expect(200);
    expectRefused(await call(other, 'get', `/admins/1/historico`), 403);
  });
});

describe('restore', () => {
  it('writes the entry\'s "before" values back as a new change, through the form\'s validation and the version check', async () => {
    const company = await newCompany({ fone: '(43) 3325-1000', bairro: 'Centro' });
    const id = company.enterprise_id;
    await call(maria, 'put', `/enterprises/${id}`)
      .send(enterpriseBody({ ...company, fone: '(43) 3999-0000', bairro: 'Errado' }))
      .expect(200);
    const [wrong] = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data;
    expect((await call(maria, 'post', `/enterprises/${id}/historico/${wrong.id}/restaurar`, '"1"')).status).toBe(412);
    const restored = await call(maria, 'post', `/enterprises/${id}/historico/${wrong.id}/restaurar`, '"2"').expect(200);
    expect(restored.body.data).toMatchObject({ fone: '4333251000', bairro: 'Centro', version: 3 });
    const [entry] = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data;
    expect(entry).toMatchObject({ restaurado_de: wrong.id, quem: mariaName });
    expect(entry.campos.map((field: { campo: string }) => field.campo).sort()).toEqual(['bairro', 'fone']);
    const creation = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data.at(-1);
    expectRefused(await call(maria, 'post', `/enterprises/${id}/historico/${creation.id}/restaurar`), 422);
    expectRefused(await call(maria, 'post', `/enterprises/${id}/historico/999999999/restaurar`), 404);
  });

  it('restores a status and a billing address as one change (one entry, one version)', async () => {
    const company = await newCompany();
    const id = company.enterprise_id;
    await call(maria, 'put', `/enterprises/${id}/cobranca`).send({ endereco: 'Rua Antiga', city_id: LONDRINA }).expect(200);
    await call(maria, 'put', `/enterprises/${id}/cobranca`).send({ endereco: 'Rua Errada', city_id: MARINGA }).expect(200);
    const [billingChange] = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data;
    const before = (await call(maria, 'get', `/enterprises/${id}`)).body.data.version as number;
    await call(maria, 'post', `/enterprises/${id}/historico/${billingChange.id}/restaurar`, `"${before}"`).expect(200);
    expect((await call(maria, 'get', `/enterprises/${id}/cobranca`)).body.data).toMatchObject({ endereco: 'Rua Antiga', city_id: LONDRINA });
    await call(maria, 'post', '/enterprises/status-em-lote')
      .send({ acao: 'desativar', ids: [id] })
      .expect(200);
    const [bulk] = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data;
    const restored = await call(maria, 'post', `/enterprises/${id}/historico/${bulk.id}/restaurar`).expect(200);
    expect(restored.body.data).toMatchObject({ ativo: 1, version: before + 3 });
    const entries = (await call(maria, 'get', `/enterprises/${id}/historico?limite=2`)).body.data;
    expect(entries[0]).toMatchObject({ restaurado_de: bulk.id, campos: [expect.objectContaining({ campo: 'ativo', depois_texto: 'Ativo' })] });
    expect(entries[1]).toMatchObject({ restaurado_de: null, origem: 'lote' });
  });

  it('refuses values the form refuses now, and changes nothing', async () => {
    const company = await newCompany();
    const id = company.enterprise_id;
    // Another system wrote an invalid CNPJ; restoring the entry before the fix would put it back.
    await sut.dataSource.query('UPDATE enterprises SET cnpj = ? WHERE enterprise_id = ?', ['11111111111111', id]);
    await call(maria, 'put', `/enterprises/${id}`)
      .send(enterpriseBody({ ...company }))
      .expect(200);
    const [fix] = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data;
    const before = (await call(maria, 'get', `/enterprises/${id}`)).body.data;
    expectRefused(await call(maria, 'post', `/enterprises/${id}/historico/${fix.id}/restaurar`), 400, { field: 'cnpj' });
    expect((await call(maria, 'get', `/enterprises/${id}`)).body.data).toEqual(before);
  });

  it("puts back only what an admin's form writes: never the plan, device or city the app wrote", async () => {
    const user = await createAppUser(sut, {
      firstname: 'Rita',
      lastname: 'Original',
      planoValido: new Date('2026-06-30T12:00:00Z'),
      deviceId: 'ios-1',
      cityId: LONDRINA,
    });
    const id = user.userId;
    const users = sut.dataSource.getRepository(AppUser);
    const asTheApp = (sql: string, values: unknown[]) =>
      sut.app.get(HistoryService).run({ actorId: null, actorName: null, source: 'api' }, (manager) => manager.query(sql, values));
    // The app changes the profile with its own fields in one write, then its own fields alone.
    await asTheApp('UPDATE app_users SET lastname = ?, plano_valido = ?, device_id = ?, city_id = ? WHERE user_id = ?', [
      'Pelo App',
      '2027-01-31 12:00:00',
      'ios-2',
      MARINGA,
      id,
    ]);
    await asTheApp('UPDATE app_users SET plano_valido = ?, device_id = ? WHERE user_id = ?', ['2099-12-31 12:00:00', 'ios-3', id]);
    // Then an admin edits the user in the form.
    const email = (await call(maria, 'get', `/users/${id}`).expect(200)).body.data.email as string;
    await call(maria, 'put', `/users/${id}`).send({ firstname: 'Rita Maria', lastname: 'Pelo App', email }).expect(200);
    const [edit, appOnly, mixed] = (await call(maria, 'get', `/users/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    expect(edit.campos.map((field) => field.campo)).toEqual(['firstname']);
    expect(appOnly.campos.map((field) => field.campo).sort()).toEqual(['device_id', 'plano_valido']);
    expect([appOnly.restauravel, mixed.restauravel]).toEqual([false, true]);
    const before = await users.findOneByOrFail({ userId: id });

    expectRefused(await call(maria, 'post', `/users/${id}/historico/${appOnly.id}/restaurar`), 422);
    expect(await users.findOneByOrFail({ userId: id })).toEqual(before);

    const restored = await call(maria, 'post', `/users/${id}/historico/${mixed.id}/restaurar`).expect(200);
    expect(restored.body.data).toMatchObject({ firstname: 'Rita Maria', lastname: 'Original' });
    const after = await users.findOneByOrFail({ userId: id });
    expect(after).toMatchObject({ lastname: 'Original', deviceId: 'ios-3', cityId: MARINGA });
    expect(new Date(after.planoValido!).getTime()).toBe(new Date(before.planoValido!).getTime());
    const [entry] = (await call(maria, 'get', `/users/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    expect(entry).toMatchObject({ restaurado_de: mixed.id, quem: mariaName });
    expect(entry.campos.map((field) => field.campo)).toEqual(['lastname']);
  });

  it("an enterprise's score, which no form writes, is never put back", async () => {
    const company = await newCompany({ bairro: 'Centro' });
    const id = company.enterprise_id;
    await sut.app
      .get(HistoryService)
      .run({ actorId: null, actorName: null, source: 'api' }, (manager) =>
        manager.query('UPDATE enterprises SET score = ?, bairro = ? WHERE enterprise_id = ?', [42, 'Vila Nova', id]),
      );
    const [change] = (await call(maria, 'get', `/enterprises/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    expect(change.campos.map((field) => field.campo).sort()).toEqual(['bairro', 'score']);
    const restored = await call(maria, 'post', `/enterprises/${id}/historico/${change.id}/restaurar`).expect(200);
    expect(restored.body.data).toMatchObject({ bairro: 'Centro', score: 42 });
  });

  it('"voltar a esta versão" puts every editable field back as it was after the entry, all later changes in one new change, and says what first', async () => {
    const company = await newCompany({ fone: '(43) 3325-1000', bairro: 'Centro', city_id: LONDRINA });
    const id = company.enterprise_id;
    const save = (who: AdminSession, values: Record<string, unknown>) =>
      call(who, 'put', `/enterprises/${id}`)
        .send(enterpriseBody({ ...company, ...values }))
        .expect(200);
    await save(maria, { fone: '(43) 3325-2000' });
    await save(other, { fone: '(43) 3325-2000', bairro: 'Vila Nova', city_id: MARINGA });
    await save(maria, { fone: '(43) 3325-3000', bairro: 'Vila Nova', city_id: MARINGA });
    // The app's score changes too: no form writes it, so no restore does.
    await sut.app
      .get(HistoryService)
      .run({ actorId: null, actorName: null, source: 'api' }, (manager) => manager.query('UPDATE enterprises SET score = ? WHERE enterprise_id = ?', [42, id]));
    const entries = (await call(maria, 'get', `/enterprises/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    expect(entries.map((entry) => entry.versao)).toEqual([5, 4, 3, 2, 1]);
    const first = entries[3];
    const [otherName] = (await sut.dataSource.query('SELECT name FROM admins WHERE username = ?', [other.username])) as { name: string }[];

    const preview = (await call(maria, 'get', `/enterprises/${id}/historico/${first.id}/voltar`).expect(200)).body;
    expect(preview).toEqual({
      modo: 'voltar',
      versao: 2,
      em: first.em,
      campos: [
        { campo: 'bairro', rotulo: 'Bairro', atual_texto: 'Vila Nova', restaurado_texto: 'Centro', alterado_depois_por: [otherName.name] },
        { campo: 'city_id', rotulo: 'Cidade', atual_texto: 'Maringá - PR', restaurado_texto: 'Londrina - PR', alterado_depois_por: [otherName.name] },
        { campo: 'fone', rotulo: 'Telefone', atual_texto: '(43) 3325-3000', restaurado_texto: '(43) 3325-2000', alterado_depois_por: [mariaName] },
      ],
      mantidos: ['Score'],
      // Besides the master who asks, the gestor's later changes are undone.
      outras_pessoas: [otherName.name],
    });
    // The same check of the version as any save: a stale one changes nothing.
    expect((await call(maria, 'post', `/enterprises/${id}/historico/${first.id}/voltar`, '"4"')).status).toBe(412);
    const reverted = await call(maria, 'post', `/enterprises/${id}/historico/${first.id}/voltar`, '"5"').expect(200);
    expect(reverted.body.data).toMatchObject({ fone: '4333252000', bairro: 'Centro', city_id: LONDRINA, score: 42, version: 6 });
    expect(reverted.body.restaurados).toEqual(preview.campos);

    // One new entry, marked as restored from the chosen one, with every field it put back.
    const after = (await call(maria, 'get', `/enterprises/${id}/historico`).expect(200)).body.data as HistoryEntryView[];
    expect(after).toHaveLength(6);
    expect(after[0]).toMatchObject({ versao: 6, restaurado_de: first.id, quem: mariaName });
    expect(after[0].campos.map((field) => field.campo)).toEqual(['bairro', 'city_id', 'fone']);
    // One audit entry: the values that came back, and the change that left the version.
    const audit = (await sut.dataSource.query("SELECT summary FROM audit_log WHERE action = 'history.revert' AND target_id = ?", [id])) as {
      summary: string;
    }[];
    expect(audit).toHaveLength(1);
    const kept = JSON.parse(audit[0].summary);
    expect(kept).toMatchObject({ operacao: 'alteracao', entrada: first.id, entrada_por: mariaName });
    expect(Object.keys(kept.alteracoes).sort()).toEqual(['bairro', 'city_id', 'fone']);

    // Back at the newest version there is nothing to undo.
    expectRefused(await call(maria, 'post', `/enterprises/${id}/historico/${after[0].id}/voltar`), 422);
    expect((await call(maria, 'get', `/enterprises/${id}/historico/${after[0].id}/voltar`).expect(200)).body).toMatchObject({ campos: [], outras_pessoas: [] });
    expectRefused(await call(maria, 'get', `/enterprises/${id}/historico/999999999/voltar`), 404);
  });

  it("a single entry's restore says which values it puts back: each field now and then, and who changed it since", async () => {
    const company = await newCompany({ fone: '(43) 3325-1000', bairro: 'Centro' });
    const id = company.enterprise_id;
    await call(maria, 'put', `/enterprises/${id}`)
      .send(enterpriseBody({ ...company, fone: '(43) 3999-0000', bairro: 'Errado' }))
      .expect(200);
    await call(other, 'put', `/enterprises/${id}`)
      .send(enterpriseBody({ ...company, fone: '(43) 3888-0000', bairro: 'Errado' }))
      .expect(200);
    const [, wrong] = (await call(maria, 'get', `/enterprises/${id}/historico`)).body.data as HistoryEntryView[];
    expect(wrong.campos.map((field) => [field.campo, field.restauravel])).toEqual([
      ['bairro', true],
      ['fone', true],
    ]);
    const preview = (await call(maria, 'get', `/enterprises/${id}/historico/${wrong.id}/restaurar`).expect(200)).body;
    expect(preview.modo).toBe('restaurar');
    expect(preview.outras_pessoas).toEqual([expect.any(String)]);
    expect(preview.campos).toEqual([
      { campo: 'bairro', rotulo: 'Bairro', atual_texto: 'Errado', restaurado_texto: 'Centro', alterado_depois_por: [] },
      { campo: 'fone', rotulo: 'Telefone', atual_texto: '(43) 3888-0000', restaurado_texto: '(43) 3325-1000', alterado_depois_por: [expect.any(String)] },
    ]);
  });

  it('a colleague of the team goes back to a version only after a recent 2FA confirmation, as a restore does; a gestor never', async () => {
    const fixture = await createAdminFixture(sut, 'gestor');
    const colleague = (await call(maria, 'get', `/admins?busca=${fixture.username}`).expect(200)).body.data[0] as { id: number; version: number };
    await call(maria, 'patch', `/admins/${colleague.id}`).send({ nome: 'Nome Novo' }).expect(200);
    await call(maria, 'patch', `/admins/${colleague.id}`).send({ nome: 'Nome Mais Novo' }).expect(200);
    const entries = (await call(maria, 'get', `/admins/${colleague.id}/historico`).expect(200)).body.data as HistoryEntryView[];
    const renamed = entries[1];
    expectRefused(await call(other, 'get', `/admins/${colleague.id}/historico/${renamed.id}/voltar`), 403);
    expectRefused(await call(other, 'post', `/admins/${colleague.id}/historico/${renamed.id}/voltar`), 403);
    const late = await loginAs(sut, 'master');
    const jti = JSON.parse(Buffer.from(late.token.split('.')[1], 'base64url').toString()).jti as string;
    // Confirmed (at the login) longer ago than STEP_UP_MINUTES (10).
    await sut.dataSource.getRepository(AdminSessionEntity).update({ jti }, { confirmedAt: new Date(Date.now() - 20 * 60_000) });
    for (const action of ['voltar', 'restaurar']) {
      const refused = await call(late, 'post', `/admins/${colleague.id}/historico/${renamed.id}/${action}`);
      expect([refused.status, refused.body.code]).toEqual([403, 'STEP_UP_REQUIRED']);
    }
    await call(maria, 'post', `/admins/${colleague.id}/historico/${renamed.id}/voltar`).expect(200);
    expect((await call(maria, 'get', `/admins/${colleague.id}`).expect(200)).body.admin.nome).toBe('Nome Novo');
  });

  it('restoring a deleted contact brings it back with its id', async () => {
    const contact = await createContactRow(sut, { nome: 'Ana Excluída', status: 'respondido' });
    await call(maria, 'delete', `/contatos/${contact.id}`).expect(200);
    await call(maria, 'get', `/contatos/${contact.id}`).expect(404);
    const [deletion] = (await call(maria, 'get', `/contatos/${contact.id}/historico`).expect(200)).body.data;
    expect(deletion).toMatchObject({ operacao: 'exclusao', restauravel: true });
    const back = await call(maria, 'post', `/contatos/${contact.id}/historico/${deletion.id}/restaurar`).expect(200);
    expect(back.body.data).toMatchObject({ id: contact.id, nome: 'Ana Excluída', status: 'respondido' });
    expect((await call(maria, 'get', `/contatos/${contact.id}/historico`)).body.data[0]).toMatchObject({ operacao: 'criacao', restaurado_de: deletion.id });
  });
});

describe('LGPD', () => {
  it('replaces personal values in the history by "(removido)" when the account is deleted, and the data-subject copy includes the history', async () => {
    const user = await createAppUser(sut, { firstname: 'Beatriz', lastname: 'Sigilo', cpf: '52998224725', fone: '43999887766' });
    const email = (await call(maria, 'get', `/users/${user.userId}`)).body.data.email as string;
    await call(maria, 'put', `/users/${user.userId}`).send({ firstname: 'Beatriz', lastname: 'Sigilosa', email, cpf: '529.982.247-25' }).expect(200);
    const copy = (await call(maria, 'get', `/users/${user.userId}/dados-pessoais`).expect(200)).body;
    expect(copy.historico_do_cadastro).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campos: expect.arrayContaining([expect.objectContaining({ campo: 'Sobrenome', antes: 'Sigilo', depois: 'Sigilosa' })]) }),
      ]),
    );
    // The public deletion flow's confirmation, as the link does it.
    await sut.app.get(HistoryService).run({ actorId: null, actorName: null, source: 'api' }, async (manager) => {
      await manager.query("UPDATE app_users SET firstname = 'Conta', lastname = 'excluída', email = NULL, cpf = NULL, fone = NULL WHERE user_id = ?", [
        user.userId,
      ]);
      await sut.app.get(HistoryService).redact(manager, 'usuario', user.userId);
    });
    const entries = (await call(maria, 'get', `/users/${user.userId}/historico?limite=100`).expect(200)).body.data as {
      campos: { campo: string; antes_texto: string; depois_texto: string }[];
    }[];
    const text = JSON.stringify(entries);
    for (const secret of ['Beatriz', 'Sigilo', '52998224725', '529.982.247-25', '43999887766', email]) expect(text).not.toContain(secret);
    expect(text).toContain('(removido)');
    expect(entries[0]).toMatchObject({ quem: 'Aplicativo' });
  });
});

describe('pruning', () => {
  it('removes entries older than the retention in batches of the primary key and keeps the rest', async () => {
    const company = await newCompany();
    // Entries are written in time order: everything up to this company's creation is made old.
    await sut.dataSource.query(
      "UPDATE record_history SET changed_at = '2000-01-01 00:00:00' WHERE id <= (SELECT MAX(id) FROM (SELECT id FROM record_history WHERE resource = 'empresa' AND record_id = ?) AS own)",
      [company.enterprise_id],
    );
    const old = (await sut.dataSource.query("SELECT COUNT(*) AS total FROM record_history WHERE changed_at < '2001-01-01'")) as { total: number | string }[];
    const fresh = await newCompany();
    const removed = await sut.app.get(HistoryService).prune(730, 2);
    expect(removed).toBe(Number(old[0].total));
    expect((await call(maria, 'get', `/enterprises/${company.enterprise_id}/historico`)).body.data).toEqual([]);
    expect((await call(maria, 'get', `/enterprises/${fresh.enterprise_id}/historico`)).body.data).toHaveLength(1);
  });
});
