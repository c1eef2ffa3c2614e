import argon2 from 'argon2';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../src/shared/br/index.js';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { AccountDeletionRequest, PasswordReset } from '../../src/users/account-token.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { Cargo } from '../../src/users/cargo.entity.js';
import { Ocupacao } from '../../src/users/ocupacao.entity.js';
import { bearer, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { createEnterprise } from '../support/enterprise-factory.js';
import { createAppUser } from '../support/row-factories.js';
import { startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { useMailApp } from '../support/mail-app.js';
import { HistoryService } from '../../src/history/history.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectRefused } from '../support/refusals.js';

let sut: TestApp;
let admin: AdminSession;
let smtp: TestSmtp;

const mailApp = useMailApp('gestor');
beforeAll(() => {
  ({ sut, smtp, admin } = mailApp);
});

const users = () => sut.dataSource.getRepository(AppUser);
const api = {
  list: (query = '') => request(sut.server).get(`/api/admin/users${query}`).set(bearer(admin)),
  get: (id: number | string) => request(sut.server).get(`/api/admin/users/${id}`).set(bearer(admin)),
  put: (id: number | string, body: object) => request(sut.server).put(`/api/admin/users/${id}`).set(bearer(admin)).send(body),
  status: (id: number | string, body: object) => request(sut.server).patch(`/api/admin/users/${id}/status`).set(bearer(admin)).send(body),
  reset: (id: number | string) => request(sut.server).post(`/api/admin/users/${id}/reset-password`).set(bearer(admin)),
  publicPost: (path: string, body: object, ip = nextTestIp()) => request(sut.server).post(`/api/public/usuario/${path}`).set('X-Forwarded-For', ip).send(body),
};

/** An app user stored directly, as the mobile app would have registered it. */
const createUser = (overrides: Partial<AppUser> = {}) => createAppUser(sut, overrides);

const tokenFrom = (text: string, path: string) => new RegExp(`https://agromaq\\.test${path}\\?token=([\\w-]+)`).exec(text)?.[1];

describe('listing app users', () => {
  let marker: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    marker = `Lista${Date.now() % 100000}`;
    const company = await createEnterprise(sut, admin, { fantasia: `${marker} Tratores Paraná` });
    const vendedor = await sut.dataSource.getRepository(Cargo).findOneByOrFail({ name: 'Vendedor' });
    const day = (iso: string) => new Date(iso);
    ids = {
      joao: (
        await createUser({
          firstname: 'João',
          lastname: `${marker} Conceição`,
          cpf: '52998224725',
          enterpriseId: company.enterprise_id,
          cargoId: vendedor.cargoId,
          dateAdded: day('2026-03-10T15:00:00Z'),
        })
      ).userId,
      ana: (await createUser({ firstname: 'Ana', lastname: `${marker} 100%_Silva`, status: 0, dateAdded: day('2026-03-11T02:30:00Z') })).userId,
      bia: (await createUser({ firstname: 'Bia', lastname: `${marker} Souza`, dateAdded: day('2026-03-12T12:00:00Z') })).userId,
    };
  });

  const found = async (query: string) => ((await api.list(query).expect(200)).body.data as { user_id: number }[]).map((row) => row.user_id);

  it('answers {data, total, page, pageSize}, newest first, with company and cargo names', async () => {
    const res = await api.list(`?busca=${marker}`).expect(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(res.body.data.map((row: { user_id: number }) => row.user_id)).toEqual([ids.bia, ids.ana, ids.joao]);
    expect(res.body.data[2]).toMatchObject({
      firstname: 'João',
      empresa_nome: `${marker} Tratores Paraná`,
      cargo_nome: 'Vendedor',
      cpf: '52998224725',
      status: 1,
    });
  });

  it.each([
    ['name without accents', 'joao conceicao', 'joao'],
    ['CPF with punctuation', formatCpf('52998224725'), 'joao'],
    ['CPF digits', '998224', 'joao'],
    ['company', 'tratores parana', 'joao'],
    ['cargo', 'vendedor', 'joao'],
    ['% and _ as separators, never wildcards', '100%_silva', 'ana'],
  ])('finds by %s', async (_case, busca, key) => {
    expect(await found(`?busca=${encodeURIComponent(`${marker} ${busca}`)}`)).toEqual([ids[key]]);
  });

  it('filters by status and by registration days (inclusive, in São Paulo time)', async () => {
    expect(await found(`?busca=${marker}&status=inativos`)).toEqual([ids.ana]);
    expect(await found(`?busca=${marker}&status=ativos`)).toEqual([ids.bia, ids.joao]);
    // 2026-03-11 02:30 UTC is still 10 March in São Paulo.
    expect(await found(`?busca=${marker}&date_from=2026-03-10&date_to=2026-03-10`)).toEqual([ids.ana, ids.joao]);
    expect(await found(`?busca=${marker}&date_from=2026-03-11`)).toEqual([ids.bia]);
    expect(await found(`?busca=${marker}&date_to=2026-03-11`)).toEqual([ids.ana, ids.joao]);
  });

  it.each([
    ['date_from=2026-03-12&date_to=2026-03-10', 'A data inicial deve ser anterior ou igual à data final.'],
    ['date_from=2026-02-30', 'Data inválida: use AAAA-MM-DD.'],
    ['date_to=ontem', 'Data inválida: use AAAA-MM-DD.'],
    ['page=abc', 'A página deve ser um número inteiro maior que zero.'],
    ['pageSize=5000', 'O tamanho da página deve estar entre 1 e 100.'],
    ['status=bloqueado', 'Status inválido: use todos, ativos ou inativos.'],
  ])('refuses %s', async (query, message) => {
    expectRefused(await api.list(`?${query}`), 400, { message });
  });
});

describe('editing an app user', () => {
  it('updates the profile, normalizes it and ignores read-only fields', async () => {
    const user = await createUser();
    const company = await createEnterprise(sut, admin);
    const ocupacao = await sut.dataSource.getRepository(Ocupacao).findOneByOrFail({ name: 'Produtor Rural' });
    const res = await api
      .put(user.userId, {
        firstname: ' Márcia ',
        lastname: 'Fontana',
        email: ' Marcia.Fontana@Exemplo.com.br ',
        fone: '(44) 99812-3456',
        cpf: '529.982.247-25',
        enterprise_id: company.enterprise_id,
        cargo_id: null,
        ocupacao_id: ocupacao.ocupacaoId,
        status: 0,
        user_id: 999,
        date_added: '2000-01-01',
      })
      .expect(200);
    expect(res.body.data).toMatchObject({
      user_id: user.userId,
      firstname: 'Márcia',
      email: 'marcia.fontana@exemplo.com.br',
      fone: '44998123456',
      cpf: '52998224725',
      enterprise_id: company.enterprise_id,
      empresa_nome: company.fantasia,
      ocupacao_nome: 'Produtor Rural',
      status: 1,
    });
  });

  it('stores HTML and SQL as plain text', async () => {
    const user = await createUser();
    const res = await api
      .put(user.userId, { firstname: '<script>alert(1)</script>', lastname: "'; DROP TABLE app_users; --", email: `html${user.userId}@exemplo.com.br` })
      .expect(200);
    expect(res.body.data).toMatchObject({ firstname: '<script>alert(1)</script>', lastname: "'; DROP TABLE app_users; --" });
    expect(await users().count()).toBeGreaterThan(0);
  });

  it.each([
    ['cpf', '529.982.247-26', 'CPF inválido'],
    ['cpf', '111.111.111-11', 'CPF inválido'],
    ['email', 'marcia@', 'Email inválido'],
    ['firstname', '', 'Informe o nome.'],
    ['lastname', 'x'.repeat(10_000), 'O sobrenome deve ter no máximo 100 caracteres.'],
    ['enterprise_id', 999999, 'Empresa não encontrada.'],
    ['cargo_id', 999999, 'Cargo não encontrado.'],
    ['ocupacao_id', 999999, 'Ramo de atividade não encontrado.'],
  ])('refuses an invalid %s (case %#) and changes nothing', async (field, value, message) => {
    const user = await createUser();
    const before = await users().findOneByOrFail({ userId: user.userId });
    expectRefused(await api.put(user.userId, { firstname: 'Nome', lastname: 'Sobrenome', email: `ok${user.userId}@exemplo.com.br`, [field]: value }), 400, {
      message: message,
      field: field,
    });
    expect(await users().findOneByOrFail({ userId: user.userId })).toEqual(before);
  });

  it('refuses an e-mail another user has (409)', async () => {
    const first = await createUser();
    const second = await createUser();
    expectRefused(await api.put(second.userId, { firstname: 'A', lastname: 'B', email: first.email!.toUpperCase() }), 409, {
      message: 'Já existe um usuário com este email.',
      field: 'email',
    });
  });

  it('answers 404/400 for unknown and malformed ids', async () => {
    expectRefused(await api.get(999999), 404, { message: 'Usuário não encontrado.' });
    expectRefused(await api.put(999999, { firstname: 'A', lastname: 'B', email: 'a@b.com.br' }), 404, { message: 'Usuário não encontrado.' });
    expectRefused(await api.get('abc'), 400, { message: 'Identificador inválido.' });
    // Plain decimal digits only: not an exponent, hex, a sign, a leading zero or a fraction.
    for (const id of ['1e1', '0x10', '010', '-1', '+1', '1.0', '0', ' 1', '99999999999999999999']) {
      expectRefused(await api.get(encodeURIComponent(id)), 400, { message: 'Identificador inválido.' });
    }
  });

  it('toggles the status and the active counter follows', async () => {
    const user = await createUser();
    const active = (await request(sut.server).get('/api/admin/users/contador/ativos').set(bearer(admin)).expect(200)).body.total as number;
    await api.status(user.userId, { status: 0 }).expect(200);
    expect((await request(sut.server).get('/api/admin/users/contador/ativos').set(bearer(admin))).body.total).toBe(active - 1);
    expectRefused(await api.status(user.userId, { status: 'x' }), 400, { message: 'Informe o status: 1 (ativo) ou 0 (inativo).' });
  });
});

describe('password reset', () => {
  it('the admin action e-mails a link; the page sets a new password once', async () => {
    const user = await createUser({ firstname: 'Renata' });
    const delivered = smtp.next(user.email!);
    const res = await api.reset(user.userId).expect(200);
    expect(res.body).toMatchObject({ ok: true, email: user.email, name: 'Renata', expires_in_minutes: 30 });
    expect(Math.round((new Date(res.body.expires_at).getTime() - Date.now()) / 60_000)).toBe(30);

    const mail = await delivered;
    expect(mail.subject).toBe('AgroMaq: redefinição de senha');
    expect(mail.text).toContain('Este link expira em 30 minuto(s)');
    const token = tokenFrom(mail.text ?? '', '/redefinir-senha')!;
    expect(mail.html).toContain(`https://agromaq.test/redefinir-senha?token=${token}`);
    expect(await sut.dataSource.getRepository(PasswordReset).countBy({ tokenHash: token })).toBe(0); // stored hashed

    const page = await request(sut.server).get(`/redefinir-senha?token=${token}`).expect(200);
    expect(page.text).toContain('Olá, Renata!');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');

    expectRefused(await api.publicPost('redefinir-senha', { token, password: 'curta1', password_confirmation: 'curta1' }), 400, {
      message: 'A senha deve ter de 8 a 128 caracteres, com letras e números.',
    });
    expectRefused(await api.publicPost('redefinir-senha', { token, password: 'somenteletras', password_confirmation: 'somenteletras' }), 400, {
      message: 'A senha deve ter de 8 a 128 caracteres, com letras e números.',
    });
    expectRefused(await api.publicPost('redefinir-senha', { token, password: 'NovaSenha2026', password_confirmation: 'OutraSenha2026' }), 400, {
      message: 'As senhas não conferem.',
    });
    await api.publicPost('redefinir-senha', { token, password: 'NovaSenha2026', password_confirmation: 'NovaSenha2026' }).expect(200);
    const stored = await users().findOneOrFail({ select: { userId: true, passwordHash: true }, where: { userId: user.userId } });
    expect(await argon2.verify(stored.passwordHash!, 'NovaSenha2026')).toBe(true);

    expectRefused(await api.publicPost('redefinir-senha', { token, password: 'OutraSenha2026', password_confirmation: 'OutraSenha2026' }), 410, {
      message: 'Este link de redefinição já foi usado.',
    });
    expect((await request(sut.server).get(`/redefinir-senha?token=${token}`)).text).toContain('Este link já foi usado');
  });

  it('refuses forged and expired links', async () => {
    expectRefused(await api.publicPost('redefinir-senha', { token: 'x'.repeat(43), password: 'NovaSenha2026', password_confirmation: 'NovaSenha2026' }), 404, {
      message: 'Link de redefinição inválido.',
    });
    const user = await createUser();
    const delivered = smtp.next(user.email!);
    await api.reset(user.userId).expect(200);
    const token = tokenFrom((await delivered).text ?? '', '/redefinir-senha')!;
    await sut.dataSource.getRepository(PasswordReset).update({ userId: user.userId }, { expiresAt: new Date(Date.now() - 1000) });
    expectRefused(await api.publicPost('redefinir-senha', { token, password: 'NovaSenha2026', password_confirmation: 'NovaSenha2026' }), 410, {
      message: 'Este link de redefinição expirou. Peça um novo.',
    });
  });

  it('refuses a user without e-mail and an unknown user', async () => {
    const user = await createUser({ email: null });
    expectRefused(await api.reset(user.userId), 400, { message: 'Este usuário não possui e-mail cadastrado.' });
    expectRefused(await api.reset(999999), 404, { message: 'Usuário não encontrado.' });
  });

  it('“esqueci minha senha” answers the same for known and unknown e-mails, and only a known one gets mail', async () => {
    const user = await createUser();
    const delivered = smtp.next(user.email!);
    const known = await api.publicPost('esqueci-senha', { email: user.email!.toUpperCase() }).expect(200);
    const unknown = await api.publicPost('esqueci-senha', { email: 'ninguem@exemplo.com.br' }).expect(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ ok: true, expires_in_minutes: 30 });
    await delivered;
    expect(smtp.messages.some((mail) => mail.text?.includes('ninguem@exemplo.com.br') || JSON.stringify(mail.to).includes('ninguem'))).toBe(false);
    expectRefused(await api.publicPost('esqueci-senha', { email: 'nao-e-email' }), 400, { message: 'Email inválido' });
  });

  it('one budget per address for reset and deletion: three e-mails an hour in all, the fourth request gets 429', async () => {
    const user = await createUser();
    const received = () => smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(user.email!)).length;
    await api.publicPost('esqueci-senha', { email: user.email! }).expect(200);
    await api.publicPost('excluir-conta', { email: user.email! }).expect(200);
    await api.publicPost('esqueci-senha', { email: user.email! }).expect(200);
    expect((await api.publicPost('excluir-conta', { email: user.email! })).status).toBe(429);
    expect((await api.publicPost('esqueci-senha', { email: user.email! })).status).toBe(429);
    await expect.poll(received).toBe(3);
  });

  it('spellings of one address share its budget, however the database matches them', async () => {
    const user = await createUser({ email: `ana.${Date.now()}@exemplo.com.br` });
    const spellings = [
      user.email!,
      user.email!.toUpperCase(),
      user.email!.replace('ana', 'ána'),
      user.email!.replace('ana', 'ÂNA'),
      user.email!.replace('ana', 'ａｎａ'),
      user.email!.replace('exemplo', 'éxemplo'),
    ];
    const statuses: number[] = [];
    for (const [index, email] of [...spellings, ...spellings].entries())
      statuses.push((await api.publicPost(index % 2 ? 'excluir-conta' : 'esqueci-senha', { email })).status);
    expect(statuses.filter((status) => status === 200).length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(user.email!)).length;
    expect(received).toBeGreaterThanOrEqual(1);
    expect(received).toBeLessThanOrEqual(3);
  });

  it('answers first and sends afterwards: with the SMTP server down the request answers at once, and the e-mail arrives when it is back', async () => {
    const parked = await startTestSmtp();
    const port = Number(new URL(parked.url).port);
    await parked.close();
    const local = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'https://agromaq.test' });
    let back: TestSmtp | undefined;
    try {
      const user = await createAppUser(local, { firstname: 'Irene', lastname: 'Fila' });
      const started = Date.now();
      const known = await request(local.server)
        .post('/api/public/usuario/esqueci-senha')
        .set('X-Forwarded-For', nextTestIp())
        .send({ email: user.email })
        .expect(200);
      const unknown = await request(local.server)
        .post('/api/public/usuario/esqueci-senha')
        .set('X-Forwarded-For', nextTestIp())
        .send({ email: `ninguem.${Date.now()}@exemplo.com.br` })
        .expect(200);
      expect(known.body).toEqual(unknown.body);
      expect(Date.now() - started, 'both answered without waiting for the mail server').toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      back = await startTestSmtp(port);
      const mail = await back.next(user.email!, 15_000);
      expect(mail.text).toContain('https://agromaq.test/redefinir-senha?token=');
    } finally {
      await local.close();
      await back?.close();
    }
  }, 30_000);

  it('limits requests to one address: the fourth within the hour gets 429', async () => {
    const email = `limite${Date.now()}@exemplo.com.br`;
    for (let index = 0; index < 3; index++) await api.publicPost('esqueci-senha', { email }).expect(200);
    const res = await api.publicPost('esqueci-senha', { email });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
  });
});

describe('account deletion', () => {
  it('e-mails a confirmation link; confirming deactivates the account and erases its personal data, keeping the id', async () => {
    const user = await createUser({ firstname: 'Osmar', fone: '43999990000', cpf: '52998224725', deviceId: 'android-123' });
    const delivered = smtp.next(user.email!);
    const known = await api.publicPost('excluir-conta', { email: user.email }).expect(200);
    const unknown = await api.publicPost('excluir-conta', { email: 'ninguem2@exemplo.com.br' }).expect(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await delivered;
    expect(mail.subject).toBe('AgroMaq: confirme a exclusão da sua conta');
    const token = tokenFrom(mail.text ?? '', '/excluir-conta/confirmar')!;
    expect((await users().findOneByOrFail({ userId: user.userId })).status).toBe(1);

    expect((await request(sut.server).get(`/excluir-conta/confirmar?token=${token}`).expect(200)).text).toContain('Confirmar exclusão');
    await api.publicPost('excluir-conta/confirmar', { token }).expect(200);
    const erased = await users().findOneByOrFail({ userId: user.userId });
    expect(erased).toMatchObject({
      userId: user.userId,
      firstname: 'Conta',
      lastname: 'excluída',
      email: null,
      fone: null,
      cpf: null,
      deviceId: null,
      status: 0,
    });
    // LGPD: the record's history keeps no erased value either (its creation and the erasure itself included).
    const history = JSON.stringify(await sut.app.get(HistoryService).all('usuario', user.userId));
    for (const erasedValue of ['Osmar', '52998224725', '529.982.247-25', '43999990000', '(43) 99999-0000', 'android-123', user.email!]) {
      expect(history).not.toContain(erasedValue);
    }
    expect(history).toContain('(removido)');
    expect(history).toContain('"quem":"Aplicativo"');
    const [searchable] = await sut.dataSource.query<{ search_text: string }[]>('SELECT search_text FROM app_users WHERE user_id = ?', [user.userId]);
    expect(searchable.search_text.trim()).toBe('conta excluida');
    expect((await sut.dataSource.getRepository(AccountDeletionRequest).findOneByOrFail({ userId: user.userId })).confirmedAt).not.toBeNull();

    expectRefused(await api.publicPost('excluir-conta/confirmar', { token }), 410, { message: 'Este link de exclusão já foi usado.' });
    expectRefused(await api.publicPost('excluir-conta/confirmar', { token: 'y'.repeat(43) }), 404, { message: 'Link de exclusão inválido.' });
    expectRefused(await api.publicPost('excluir-conta', { email: '' }), 400, { message: 'Por favor, digite seu email.' });
  });
});

describe("a data subject's copy (LGPD art. 19 § 3º)", () => {
  const copy = (id: number | string) => request(sut.server).get(`/api/admin/users/${id}/dados-pessoais`).set(bearer(admin));
  const trailAbout = (id: number, action: string) =>
    sut.dataSource.getRepository(AuditEntry).find({ where: { targetType: 'user', targetId: id, action }, order: { id: 'ASC' } });
  /** The trail is written as the request ends; reads it until the entry is there (bounded). */
  async function entryOf(id: number, action: string) {
    for (let tries = 0; tries < 50; tries++) {
      const [entry] = await trailAbout(id, action);
      if (entry) return entry;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${action} entry for user ${id}`);
  }

  it('hands over profile, company, reset and deletion requests and the trail about the user, as a JSON file, and records it', async () => {
    const company = await createEnterprise(sut, admin, { fantasia: 'Titular Máquinas Agrícolas' });
    const user = await createUser({ firstname: 'Helena', lastname: 'Titular', cpf: '52998224725', enterpriseId: company.enterprise_id, deviceId: 'ios-77' });
    const other = await createUser({ firstname: 'Outro', lastname: 'Titular' });
    await api
      .put(user.userId, { firstname: 'Helena', lastname: 'Titular Souza', email: user.email, cpf: '529.982.247-25', enterprise_id: company.enterprise_id })
      .expect(200);
    await api.status(other.userId, { status: 0 }).expect(200);
    const resetMail = smtp.next(user.email!);
    await api.reset(user.userId).expect(200);
    await resetMail;
    const deletionMail = smtp.next(user.email!);
    await api.publicPost('excluir-conta', { email: user.email }).expect(200);
    await deletionMail;
    await entryOf(user.userId, 'user.reset_password');
    await entryOf(other.userId, 'user.status');

    const res = await copy(user.userId).expect(200);
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agromaq-dados-usuario-${user.userId}-${today}.json"`);
    expect(res.body.base_legal).toContain('art. 19');
    expect(res.body.usuario).toMatchObject({
      user_id: user.userId,
      firstname: 'Helena',
      lastname: 'Titular Souza',
      email: user.email,
      cpf: '52998224725',
      device_id: 'ios-77',
      empresa_nome: 'Titular Máquinas Agrícolas',
    });
    expect(res.body.empresa).toEqual({
      enterprise_id: company.enterprise_id,
      fantasia: 'Titular Máquinas Agrícolas',
      razao: company.razao,
      cnpj: company.cnpj,
    });
    expect(res.body.redefinicoes_de_senha).toEqual([
      { id: expect.any(Number), solicitada_por: 'admin', criada_em: expect.any(String), expira_em: expect.any(String), usada_em: null },
    ]);
    expect(res.body.pedidos_de_exclusao).toEqual([
      { id: expect.any(Number), ip_do_pedido: expect.any(String), criado_em: expect.any(String), expira_em: expect.any(String), confirmado_em: null },
    ]);
    const actions = (res.body.registros_de_auditoria as { acao: string; descricao: string; por: string; campos: Record<string, unknown> | null }[]).map(
      (entry) => entry.acao,
    );
    expect(actions).toEqual(['user.update', 'user.reset_password']);
    expect(res.body.registros_de_auditoria[0]).toMatchObject({
      descricao: 'Usuário editado',
      por: admin.username,
      campos: expect.arrayContaining([expect.objectContaining({ campo: 'Sobrenome', depois: 'Titular Souza' })]),
    });

    // Hashes say nothing about the person and would help an attacker: named as left out, never copied.
    const [stored] = await sut.dataSource.query<{ token_hash: string }[]>('SELECT token_hash FROM password_resets WHERE user_id = ?', [user.userId]);
    expect(res.text).not.toContain(stored.token_hash);
    expect(res.text).not.toMatch(/password_hash|token_hash|\$argon2/);
    expect(res.body.nao_incluidos).toHaveLength(2);

    const recorded = await entryOf(user.userId, 'user.data_copy');
    expect(recorded).toMatchObject({ adminUsername: admin.username, targetType: 'user', targetId: user.userId });
    // The copy made now is in the next copy.
    expect(((await copy(user.userId).expect(200)).body.registros_de_auditoria as { acao: string }[]).map((entry) => entry.acao)).toContain('user.data_copy');
  });

  it('answers 404 for an unknown user and 400 for a malformed id, recording nothing', async () => {
    expectRefused(await copy(987654321), 404, { message: 'Usuário não encontrado.' });
    expectRefused(await copy('abc'), 400);
    expect(await trailAbout(987654321, 'user.data_copy')).toEqual([]);
  });
});

describe('the /admin/usuarios page', () => {
  const pageObject = (html: string) => JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]);
  const page = (query: string) => request(sut.server).get(`/admin/usuarios${query}`).set({ Cookie: admin.cookie, 'X-Forwarded-For': admin.ip });

  it('a link with a date that does not exist still opens, without that date (the same day rule as the list)', async () => {
    for (const query of ['?date_from=2026-02-30', '?date_to=2026-13-01', '?date_from=ontem', `?date_from=${'9'.repeat(500)}`]) {
      const res = await page(query).expect(200);
      const object = pageObject(res.text);
      expect(object.props.filters, query).toMatchObject({ date_from: '', date_to: '' });
      expect(object.props.users.data, query).toEqual(expect.any(Array));
    }
    const valid = pageObject((await page('?date_from=2026-02-28&date_to=2026-03-01').expect(200)).text);
    expect(valid.props.filters).toMatchObject({ date_from: '2026-02-28', date_to: '2026-03-01' });
  });
});
