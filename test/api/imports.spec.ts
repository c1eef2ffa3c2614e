import ExcelJS from 'exceljs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { EnterprisesService } from '../../src/enterprises/enterprises.service.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { IMPORT_WAITING_MAX, ImportsService } from '../../src/imports/imports.service.js';
import { Import } from '../../src/imports/import.entity.js';
import { RecordHistoryEntry } from '../../src/history/record-history.entity.js';
import { AdminSession as AdminSessionEntity } from '../../src/auth/admin-session.entity.js';
import { bearer, loginAs, totpCode, type AdminSession } from '../support/admin-session.js';
import { listeningPort } from '../support/sse.js';
import { createEnterprise, freshCnpj, LONDRINA } from '../support/enterprise-factory.js';
import { createAppUser, createCompanyRow } from '../support/row-factories.js';
import { uploadTable } from '../support/imports.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Importing companies from spreadsheets (issue 31): the files Excel in Portuguese writes, the form's rules,
// never a duplicate, and a run that resumes where it stopped.
let sut: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  sut = await startTestApp();
  admin = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  await sut?.close();
});

/** Windows-1252 bytes (Excel in Portuguese saves CSV so). */
const cp1252 = (text: string) => Buffer.from(Array.from(text, (char) => char.charCodeAt(0)));
const formatCnpj = (digits: string) => `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;

const upload = (content: Buffer, name = 'empresas.csv', who = admin) =>
  request(sut.server).post('/api/admin/importacoes').set(bearer(who)).field('tipo', 'empresas').attach('arquivo', content, name);

/** Starts an analysed import with its guessed mapping and waits for it to end. */
async function run(id: number, mapping: Record<string, number | null>, modo: 'atualizar' | 'criar' = 'atualizar', who = admin) {
  const started = await request(sut.server).post(`/api/admin/importacoes/${id}/iniciar`).set(bearer(who)).send({ mapeamento: mapping, modo });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return finished(id, who);
}

async function finished(id: number, who = admin) {
  for (let wait = 0; wait < 300; wait++) {
    const state = await request(sut.server).get(`/api/admin/importacoes/${id}`).set(bearer(who));
    if (['concluida', 'cancelada', 'falhou'].includes(state.body.status)) return state.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

function companiesCsv(rows: { cnpj: string; fantasia: string; razao?: string; cidade?: string; uf?: string; complemento?: string }[]): string {
  const header = 'CNPJ;Nome Fantasia;Razão Social;Complemento;Cidade;UF\r\n';
  const quote = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return (
    header +
    rows
      .map((row) =>
        [formatCnpj(row.cnpj), row.fantasia, row.razao ?? `${row.fantasia} Ltda`, row.complemento ?? '', row.cidade ?? 'Londrina', row.uf ?? 'PR']
          .map(quote)
          .join(';'),
      )
      .join('\r\n') +
    '\r\n'
  );
}

describe('POST /api/admin/importacoes, then iniciar', () => {
  it('imports a Windows-1252 `;` file with accents: mapping guessed, bad rows shown in the preview, good rows created with history and audit', async () => {
    const good = [freshCnpj(), freshCnpj()];
    const csv = companiesCsv([
      { cnpj: good[0], fantasia: 'Conceição Máquinas', razao: 'Irmãos Araújo Peças Ltda', cidade: 'São Paulo', uf: 'SP' },
      { cnpj: good[1], fantasia: 'Agro Pé Vermelho', complemento: 'Galpão 3\r\nfundos' },
      { cnpj: '11222333000182', fantasia: 'CNPJ Errado' },
      { cnpj: freshCnpj(), fantasia: 'Cidade Errada', cidade: 'Atlântida' },
    ]);
    const res = await upload(cp1252(csv));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'analisada',
      tipo: 'empresas',
      colunas: ['CNPJ', 'Nome Fantasia', 'Razão Social', 'Complemento', 'Cidade', 'UF'],
    });
    expect(res.body.mapeamento).toMatchObject({ cnpj: 0, fantasia: 1, razao: 2, complemento: 3, cidade: 4, uf: 5, logo: null });
    expect(res.body.amostra.map((row: { linha: number; erros: object }) => [row.linha, row.erros])).toEqual([
      [2, {}],
      [3, {}],
      [4, { cnpj: 'CNPJ inválido' }],
      [5, { cidade: 'Cidade não encontrada em PR.' }],
    ]);
    expect(res.body.amostra[0].valores[1]).toBe('Conceição Máquinas');

    const done = await run(res.body.id, res.body.mapeamento);
    expect(done).toMatchObject({ status: 'concluida', total: 4, processadas: 4, criadas: 2, atualizadas: 0, sem_alteracao: 0, falhas: 2 });
    const created = await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: good[0] });
    expect(created).toMatchObject({ fantasia: 'Conceição Máquinas', razao: 'Irmãos Araújo Peças Ltda', cityId: 3550308, logo: null, ativo: 1 });
    // A line break typed inside a single-line cell is one space, as the cell shows it (no single-line field stores one).
    expect((await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: good[1] })).complemento).toBe('Galpão 3 fundos');
    const history = await sut.dataSource.getRepository(RecordHistoryEntry).findOneByOrFail({ resource: 'empresa', recordId: created.enterpriseId });
    expect(history).toMatchObject({ source: 'importacao', operation: 'criacao' });
    const audit = await sut.dataSource.getRepository(AuditEntry).findBy({ action: 'enterprise.create', targetId: created.enterpriseId });
    expect(audit).toHaveLength(1);

    // The failed rows, as Excel in Portuguese opens them: the file's columns, the line and the error.
    const failures = await request(sut.server).get(`/api/admin/importacoes/${res.body.id}/falhas`).set(bearer(admin)).buffer(true);
    expect(failures.status).toBe(200);
    expect(failures.headers['content-type']).toMatch(/^text\/csv/);
    const text = failures.text;
    expect(text.startsWith('\uFEFFCNPJ;Nome Fantasia;Razão Social;Complemento;Cidade;UF;Linha;Erro\r\n')).toBe(true);
    expect(text).toContain('11.222.333/0001-82;CNPJ Errado;CNPJ Errado Ltda;;Londrina;PR;4;CNPJ inválido\r\n');
    expect(text).toContain(';5;Cidade não encontrada em PR.\r\n');
  });

  it('never duplicates: the same file again changes nothing, a changed row updates, "Somente criar" leaves known companies alone', async () => {
    const cnpjs = [freshCnpj(), freshCnpj(), freshCnpj()];
    const rows = cnpjs.map((cnpj, index) => ({ cnpj, fantasia: `Repetida ${index}` }));
    const first = await upload(Buffer.from(companiesCsv(rows)));
    expect(await run(first.body.id, first.body.mapeamento)).toMatchObject({ criadas: 3, sem_alteracao: 0 });
    const again = await upload(Buffer.from(companiesCsv(rows)));
    expect(await run(again.body.id, again.body.mapeamento)).toMatchObject({ criadas: 0, atualizadas: 0, sem_alteracao: 3 });
    const historyBefore = await sut.dataSource.getRepository(RecordHistoryEntry).count();

    const changed = await upload(Buffer.from(companiesCsv([{ ...rows[0], fantasia: 'Repetida Renomeada' }, rows[1]])));
    expect(await run(changed.body.id, changed.body.mapeamento, 'criar')).toMatchObject({ criadas: 0, atualizadas: 0, sem_alteracao: 2 });
    const update = await upload(Buffer.from(companiesCsv([{ ...rows[0], fantasia: 'Repetida Renomeada' }, rows[1]])));
    expect(await run(update.body.id, update.body.mapeamento)).toMatchObject({ criadas: 0, atualizadas: 1, sem_alteracao: 1 });
    for (const cnpj of cnpjs) expect(await sut.dataSource.getRepository(Enterprise).countBy({ cnpj })).toBe(1);
    expect((await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: cnpjs[0] })).fantasia).toBe('Repetida Renomeada');
    // Only the one update wrote history.
    expect((await sut.dataSource.getRepository(RecordHistoryEntry).count()) - historyBefore).toBe(1);
  });

  it("imports the companies' own export back unchanged, CSV and XLSX, and leaves the columns a file does not have as they are", async () => {
    const made = await createEnterprise(sut, admin, {
      fantasia: 'Ida e Volta Máquinas',
      numero: '1500',
      complemento: 'Galpão "B"; fundos',
      site: 'https://www.idaevolta.com.br',
    });
    for (const formato of ['csv', 'xlsx'] as const) {
      const exported = await request(sut.server)
        .get(`/api/admin/enterprises/exportar?status=todos&formato=${formato}`)
        .set(bearer(admin))
        .buffer(true)
        .parse((res, done) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => done(null, Buffer.concat(parts)));
        });
      expect(exported.status).toBe(200);
      const res = await upload(exported.body as Buffer, `empresas.${formato}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.amostra.every((row: { erros: object }) => Object.keys(row.erros).length === 0)).toBe(true);
      // Every company of the database (those of the tests above too) comes back as it is.
      const companies = await sut.dataSource.getRepository(Enterprise).count();
      expect(await run(res.body.id, res.body.mapeamento)).toMatchObject({
        status: 'concluida',
        criadas: 0,
        atualizadas: 0,
        sem_alteracao: companies,
        falhas: 0,
      });
    }
    // A file with only a few columns changes only those: the address, the site and the logo stay.
    const cnpj = made.cnpj.replace(/\D/g, '');
    const few = await upload(Buffer.from(`CNPJ;Nome Fantasia;Razão Social\r\n${cnpj};Ida e Volta Renomeada;${made.razao as string}\r\n`));
    expect(await run(few.body.id, few.body.mapeamento)).toMatchObject({ atualizadas: 1 });
    expect(await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj })).toMatchObject({
      fantasia: 'Ida e Volta Renomeada',
      numero: '1500',
      complemento: 'Galpão "B"; fundos',
      site: 'https://www.idaevolta.com.br',
      logo: made.logo,
    });
  });

  it('imports an XLSX (the first sheet, numbers and text as Excel stores them; a CNPJ kept as a number gets its leading zero back)', async () => {
    let cnpj = freshCnpj();
    while (!cnpj.startsWith('0')) cnpj = freshCnpj();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Empresas');
    sheet.addRow(['cnpj', 'fantasia', 'razao social', 'cod ibge', 'logo', 'status']);
    sheet.addRow([Number(cnpj), 'Planilha Agro', 'Planilha Agro Ltda', 4113700, 'John Deere', 'Inativa']);
    const res = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'empresas.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.mapeamento).toMatchObject({ cnpj: 0, fantasia: 1, razao: 2, cidade_ibge: 3, logo: 4, status: 5 });
    expect(await run(res.body.id, res.body.mapeamento)).toMatchObject({ status: 'concluida', criadas: 1, falhas: 0 });
    expect(await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj })).toMatchObject({ cityId: 4113700, logo: 'john-deere.svg', ativo: 0 });
  });

  it('refuses a CNPJ repeated inside one file, in the preview and in the run, with the line of the first: never merged, however often the file is sent', async () => {
    const cnpjs = [freshCnpj(), freshCnpj(), freshCnpj(), freshCnpj(), freshCnpj()];
    const rows = cnpjs.map((cnpj, index) => ({ cnpj, fantasia: `Rede ${index}` }));
    // The second company again on line 7, under another name, its CNPJ without punctuation.
    const csv = `${companiesCsv(rows)}${cnpjs[1]};Rede Duplicada;Rede Duplicada Ltda;;Londrina;PR\r\n`;
    const res = await upload(Buffer.from(csv));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const errors = (res.body.amostra as { linha: number; erros: Record<string, string> }[]).map((row) => [row.linha, row.erros]);
    expect(errors).toEqual([
      [2, {}],
      [3, {}],
      [4, {}],
      [5, {}],
      [6, {}],
      [7, { cnpj: 'CNPJ repetido na planilha: a linha 3 já tem este CNPJ.' }],
    ]);
    expect(await run(res.body.id, res.body.mapeamento)).toMatchObject({ criadas: 5, atualizadas: 0, sem_alteracao: 0, falhas: 1 });
    expect((await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: cnpjs[1] })).fantasia).toBe('Rede 1');
    const failures = await request(sut.server).get(`/api/admin/importacoes/${res.body.id}/falhas`).set(bearer(admin)).buffer(true);
    expect(failures.text).toContain(';7;CNPJ repetido na planilha: a linha 3 já tem este CNPJ.\r\n');
    const again = await upload(Buffer.from(csv));
    expect(await run(again.body.id, again.body.mapeamento)).toMatchObject({ criadas: 0, atualizadas: 0, sem_alteracao: 5, falhas: 1 });
    expect((await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: cnpjs[1] })).fantasia).toBe('Rede 1');
  });

  it('refuses an e-mail or a CPF repeated inside one users file, with the line of the first', async () => {
    const lines = [
      'Nome;Sobrenome;E-mail;CPF',
      'Dora;Primeira;dora.repetida@fazenda.com.br;390.533.447-05',
      'Dora;Segunda;DORA.Repetida@fazenda.com.br;',
      'Davi;Terceiro;davi.outro@fazenda.com.br;39053344705',
    ];
    const res = await uploadTable(sut, admin, 'usuarios', Buffer.from(lines.join('\r\n')));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body.amostra as { erros: Record<string, string> }[]).map((row) => row.erros)).toEqual([
      {},
      { email: 'E-mail repetido na planilha: a linha 2 já tem este e-mail.' },
      { cpf: 'CPF repetido na planilha: a linha 2 já tem este CPF.' },
    ]);
    expect(await run(res.body.id, res.body.mapeamento, 'criar')).toMatchObject({ criadas: 1, falhas: 2 });
  });

  it('imports app users: company by CNPJ or name, cargo and ramo by name, matched by e-mail then CPF, never duplicated', async () => {
    const company = freshCnpj();
    const made = await upload(Buffer.from(companiesCsv([{ cnpj: company, fantasia: 'Empresa dos Usuários' }])));
    await run(made.body.id, made.body.mapeamento);
    const header = 'Nome;Sobrenome;E-mail;CPF;Empresa;Cargo;Ramo de Atividade;Cidade;UF;Status;Plano Válido Até';
    const lines = [
      header,
      `Ana;Conceição;ANA.IMPORT@fazenda.com.br;529.982.247-25;${formatCnpj(company)};Vendedor;Concessionária;Londrina;PR;Ativo;31/12/2026`,
      'Bruno;Araújo;bruno.import@fazenda.com.br;;Empresa dos Usuários;comprador;;São Paulo;SP;Inativo;',
      'Carla;Sem Empresa;carla.import@fazenda.com.br;;Empresa Que Não Existe;Astronauta;;;;talvez;31/02/2026',
    ];
    const send = (rows: string[]) =>
      request(sut.server)
        .post('/api/admin/importacoes')
        .set(bearer(admin))
        .field('tipo', 'usuarios')
        .attach('arquivo', Buffer.from(rows.join('\r\n')), 'usuarios.csv');
    const res = await send(lines);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The city and the plan are the app's (the 'Editar Usuário' form writes neither): their columns map to nothing.
    expect(res.body.mapeamento).toEqual({
      firstname: 0,
      lastname: 1,
      email: 2,
      cpf: 3,
      fone: null,
      empresa: 4,
      cargo: 5,
      ocupacao: 6,
      status: 9,
    });
    expect(res.body.amostra[2].erros).toEqual({
      empresa: 'Empresa não encontrada: use o CNPJ ou o nome de uma empresa cadastrada.',
      cargo: 'Cargo não encontrado: use um dos cargos da lista do formulário.',
      status: 'Status inválido: use Ativo ou Inativo.',
    });
    expect(await run(res.body.id, res.body.mapeamento)).toMatchObject({ status: 'concluida', criadas: 2, falhas: 1 });
    const users = sut.dataSource.getRepository(AppUser);
    const ana = await users.findOneByOrFail({ email: 'ana.import@fazenda.com.br' });
    const companyId = (await sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: company })).enterpriseId;
    expect(ana).toMatchObject({
      firstname: 'Ana',
      lastname: 'Conceição',
      cpf: '52998224725',
      enterpriseId: companyId,
      cityId: null,
      planoValido: null,
      status: 1,
    });
    expect(await users.findOneByOrFail({ email: 'bruno.import@fazenda.com.br' })).toMatchObject({ enterpriseId: companyId, status: 0, cityId: null });

    // Again, with Ana under another e-mail but the same CPF: matched by CPF, her e-mail updated, nobody duplicated.
    const again = await send([header, lines[1].replace('ANA.IMPORT@', 'ana.nova@'), lines[2]]);
    expect(await run(again.body.id, again.body.mapeamento)).toMatchObject({ criadas: 0, atualizadas: 1, sem_alteracao: 1 });
    expect(await users.countBy({ cpf: '52998224725' })).toBe(1);
    expect((await users.findOneByOrFail({ cpf: '52998224725' })).email).toBe('ana.nova@fazenda.com.br');
  });

  it("never writes what only the app writes: a gestor's Plano Válido Até and Cidade columns are not offered, and a user's plan, city and device stay", async () => {
    const planByApp = new Date('2026-06-30T12:00:00.000Z');
    const user = await createAppUser(sut, {
      firstname: 'Plano',
      lastname: 'Do Aplicativo',
      email: 'plano.app@fazenda.com.br',
      planoValido: planByApp,
      deviceId: 'android-plano-1',
      cityId: LONDRINA,
    });
    const rows = ['Nome;Sobrenome;E-mail;Cidade;UF;Plano Válido Até', 'Plano;Da Planilha;plano.app@fazenda.com.br;São Paulo;SP;31/12/2099'];
    const res = await request(sut.server)
      .post('/api/admin/importacoes')
      .set(bearer(admin))
      .field('tipo', 'usuarios')
      .attach('arquivo', Buffer.from(rows.join('\r\n')), 'usuarios.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body.mapeamento)).not.toContain('plano_valido');
    expect(res.body.campos.map((field: { campo: string }) => field.campo)).toEqual([
      'email',
      'firstname',
      'lastname',
      'cpf',
      'fone',
      'empresa',
      'cargo',
      'ocupacao',
      'status',
    ]);
    // Sent anyway, the field is refused like any unknown one, and nothing starts.
    const forced = await request(sut.server)
      .post(`/api/admin/importacoes/${res.body.id}/iniciar`)
      .set(bearer(admin))
      .send({ mapeamento: { ...res.body.mapeamento, plano_valido: 5 }, modo: 'atualizar' });
    expect([forced.status, forced.body.errors]).toEqual([400, { 'mapeamento.plano_valido': 'Campo desconhecido.' }]);

    expect(await run(res.body.id, res.body.mapeamento)).toMatchObject({ status: 'concluida', atualizadas: 1, falhas: 0 });
    const after = await sut.dataSource.getRepository(AppUser).findOneByOrFail({ userId: user.userId });
    expect(after).toMatchObject({ lastname: 'Da Planilha', deviceId: 'android-plano-1', cityId: LONDRINA });
    expect(new Date(after.planoValido!).toISOString()).toBe(planByApp.toISOString());
    const [entry] = (await request(sut.server).get(`/api/admin/users/${user.userId}/historico`).set(bearer(admin))).body.data;
    expect(entry.campos.map((field: { campo: string }) => field.campo)).toEqual(['lastname']);

    const template = await request(sut.server).get('/api/admin/importacoes/modelo?tipo=usuarios').set(bearer(admin));
    expect(template.text.split('\r\n')[0]).toBe('\uFEFFEmail;Nome;Sobrenome;CPF;Telefone;Empresa (CNPJ ou nome);Cargo;Ramo de Atividade;Status');
  });

  it('starting an import is a bulk change: without a recent 2FA confirmation 403 STEP_UP_REQUIRED and nothing changes; confirmed, it runs', async () => {
    const late = await loginAs(sut, 'gestor');
    const cnpjs = [freshCnpj(), freshCnpj(), freshCnpj(), freshCnpj(), freshCnpj()];
    const enterprises = sut.dataSource.getRepository(Enterprise);
    for (const [index, cnpj] of cnpjs.entries()) await createCompanyRow(sut, { cnpj, fantasia: `Ativa ${index}`, razao: `Ativa ${index} Ltda` });
    const csv = ['CNPJ;Nome Fantasia;Razão Social;Status', ...cnpjs.map((cnpj, index) => `${formatCnpj(cnpj)};Ativa ${index};Ativa ${index} Ltda;Inativa`)];
    const res = await upload(Buffer.from(csv.join('\r\n')), 'inativar.csv', late);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The login's confirmation is older than STEP_UP_MINUTES.
    const jti = JSON.parse(Buffer.from(late.token.split('.')[1], 'base64url').toString()).jti as string;
    await sut.dataSource.getRepository(AdminSessionEntity).update({ jti }, { confirmedAt: new Date(Date.now() - 11 * 60_000) });
    const historyBefore = await sut.dataSource.getRepository(RecordHistoryEntry).count();

    const start = () =>
      request(sut.server).post(`/api/admin/importacoes/${res.body.id}/iniciar`).set(bearer(late)).send({ mapeamento: res.body.mapeamento, modo: 'atualizar' });
    const refused = await start();
    expect([refused.status, refused.body.code, refused.body.acao]).toEqual([403, 'STEP_UP_REQUIRED', 'iniciar a importação da planilha']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await request(sut.server).get(`/api/admin/importacoes/${res.body.id}`).set(bearer(late))).body.status).toBe('analisada');
    expect(await enterprises.countBy({ cnpj: In(cnpjs), ativo: 1 })).toBe(5);
    expect(await sut.dataSource.getRepository(RecordHistoryEntry).count()).toBe(historyBefore);

    await request(sut.server)
      .post('/api/admin/confirmar-identidade')
      .set(bearer(late))
      .send({ otp: await totpCode(late.secret, 1) })
      .expect(200);
    expect((await start()).status).toBe(202);
    expect(await finished(res.body.id, late)).toMatchObject({ status: 'concluida', atualizadas: 5 });
    expect(await enterprises.countBy({ cnpj: In(cnpjs), ativo: 0 })).toBe(5);
  });

  it('writes an upload to disk as it arrives: half a file sent, its bytes are on disk before the rest comes', async () => {
    const port = await listeningPort(sut.server);
    const receiving = join(sut.config.uploadsDir, 'imports', 'recebendo');
    const partSize = () => (existsSync(receiving) ? readdirSync(receiving).reduce((sum, name) => sum + statSync(join(receiving, name)).size, 0) : 0);
    const line = Buffer.from(`${freshCnpj()};Planilha Grande;Planilha Grande Comércio de Máquinas Agrícolas Ltda\r\n`);
    const half = Buffer.concat([Buffer.from('CNPJ;Nome Fantasia;Razão Social\r\n'), ...Array<Buffer>(40_000).fill(line)]);
    const boundary = `agromaq${Date.now()}`;
    const answer = new Promise<{ status: number; body: { id: number; amostra: unknown[] } }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/importacoes',
          headers: { ...bearer(admin), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
        },
      );
      req.on('error', reject);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nempresas\r\n`);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="grande.csv"\r\nContent-Type: text/csv\r\n\r\n`);
      req.write(half);
      void (async () => {
        for (let wait = 0; wait < 200 && partSize() < half.length / 2; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
        onDisk = partSize();
        req.write(Buffer.concat(Array<Buffer>(40_000).fill(line)));
        req.end(`\r\n--${boundary}--\r\n`);
      })();
    });
    let onDisk = 0;
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(onDisk, 'bytes of the first half on disk before the second was sent').toBeGreaterThan(half.length / 2);
    expect(res.body.amostra).toHaveLength(100);
    expect(partSize()).toBe(0);
    await request(sut.server).delete(`/api/admin/importacoes/${res.body.id}`).set(bearer(admin)).expect(200);
  });

  it('refuses a file that is no spreadsheet, an empty one, one with no known column, one too large: 400 in Portuguese, nothing stored', async () => {
    const before = await sut.dataSource.getRepository(Import).count();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const cases: [Buffer, string][] = [
      [png, 'Envie uma planilha CSV ou XLSX.'],
      [Buffer.from('CNPJ;Nome Fantasia\r\n'), 'A planilha está vazia: nenhuma linha de dados foi encontrada.'],
      [
        Buffer.from('foo;bar\r\n1;2\r\n'),
        'Nenhuma coluna da planilha corresponde a um campo: use a primeira linha para os nomes das colunas (baixe o modelo).',
      ],
      [Buffer.alloc(50 * 1024 * 1024 + 1, 'a'), 'A planilha passa de 50 MB: divida-a em arquivos menores.'],
    ];
    for (const [content, message] of cases) {
      const res = await upload(content);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const wrongKind = await request(sut.server)
      .post('/api/admin/importacoes')
      .set(bearer(admin))
      .field('tipo', 'tratores')
      .attach('arquivo', Buffer.from('CNPJ\r\n1\r\n'), 'a.csv');
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.errors).toEqual({ tipo: 'Tipo inválido: use empresas ou usuarios.' });
    expect(await sut.dataSource.getRepository(Import).count()).toBe(before);
  });

  it("checks the mapping sent, keeps each admin's imports to themselves, and allows one running import per admin", async () => {
    const res = await upload(Buffer.from(companiesCsv([{ cnpj: freshCnpj(), fantasia: 'Mapa' }])));
    const bad = await request(sut.server)
      .post(`/api/admin/importacoes/${res.body.id}/iniciar`)
      .set(bearer(admin))
      .send({ mapeamento: { ...res.body.mapeamento, cnpj: null, fantasia: 99, inventado: 1 }, modo: 'atualizar' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'mapeamento.cnpj': 'Escolha a coluna de CNPJ.',
      'mapeamento.fantasia': 'Coluna inexistente na planilha.',
      'mapeamento.inventado': 'Campo desconhecido.',
    });
    const other = await loginAs(sut, 'gestor');
    expect((await request(sut.server).get(`/api/admin/importacoes/${res.body.id}`).set(bearer(other))).status).toBe(404);
    const theirFailures = await request(sut.server).get(`/api/admin/importacoes/${res.body.id}/falhas`).set(bearer(other));
    expect([theirFailures.status, theirFailures.body.message]).toEqual([404, 'Importação não encontrada.']);
    const badMode = await request(sut.server)
      .post(`/api/admin/importacoes/${res.body.id}/iniciar`)
      .set(bearer(admin))
      .send({ mapeamento: res.body.mapeamento, modo: 'tudo' });
    expect(badMode.body.errors).toEqual({ modo: 'Modo inválido: use atualizar ou criar.' });
    const template = await request(sut.server).get('/api/admin/importacoes/modelo?tipo=empresas').set(bearer(admin));
    expect(template.status).toBe(200);
    expect(template.text.split('\r\n')[0]).toBe(
      '\uFEFFCNPJ;Nome Fantasia;Razão Social;Inscrição Estadual;Endereço;Número;Complemento;Bairro;CEP;Cidade;UF;Código IBGE da cidade;Telefone;Email;Site;Logo;Status',
    );
  });

  it('cancels a running import after its current chunk; of every start an admin can have waiting, sent at the same instant, exactly one runs', async () => {
    const who = await loginAs(sut, 'gestor');
    const rows = Array.from({ length: 1500 }, (_, index) => ({ cnpj: freshCnpj(), fantasia: `Cancelada ${index}` }));
    // As many analysed uploads as an admin keeps waiting (a further one would replace the oldest).
    const analysed = await Promise.all(Array.from({ length: IMPORT_WAITING_MAX }, () => upload(Buffer.from(companiesCsv(rows)), 'empresas.csv', who)));
    // The run's second chunk is held until the cancel has been asked for.
    const enterprises = sut.app.get(EnterprisesService);
    const write = enterprises.importRows.bind(enterprises);
    let release!: () => void;
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const atSecondChunk = new Promise<void>((resolve) => (reached = resolve));
    let chunks = 0;
    let running = 0;
    const spy = vi.spyOn(enterprises, 'importRows').mockImplementation(async (...args) => {
      if (++chunks === 2) {
        reached();
        await held;
      }
      return write(...args);
    });
    try {
      const starts = await Promise.all(
        analysed.map((one) =>
          request(sut.server)
            .post(`/api/admin/importacoes/${one.body.id}/iniciar`)
            .set(bearer(who))
            .send({ mapeamento: one.body.mapeamento, modo: 'atualizar' }),
        ),
      );
      expect(starts.map((start) => start.status).sort((a, b) => a - b)).toEqual([202, ...Array<number>(IMPORT_WAITING_MAX - 1).fill(409)]);
      expect(new Set(starts.filter((start) => start.status === 409).map((start) => start.body.message))).toEqual(
        new Set(['Você já tem uma importação em andamento. Aguarde o fim dela ou cancele-a.']),
      );
      running = starts.find((start) => start.status === 202)!.body.id as number;
      await atSecondChunk;
      const cancelled = await request(sut.server).delete(`/api/admin/importacoes/${running}`).set(bearer(who));
      expect([cancelled.status, cancelled.body.status, cancelled.body.processadas]).toEqual([200, 'processando', 500]);
      release();
      expect(await finished(running, who)).toMatchObject({ status: 'cancelada', processadas: 1000, criadas: 1000 });
    } finally {
      release();
      spy.mockRestore();
    }
    const cnpjs = rows.map((row) => row.cnpj);
    const written = await sut.dataSource.getRepository(Enterprise).countBy({ cnpj: In(cnpjs) });
    expect(written).toBe(1000);
    // Once it has ended, the admin's next import starts, and takes up the rest without a duplicate.
    const next = analysed.find((one) => one.body.id !== running)!;
    const rest = await run(next.body.id, next.body.mapeamento, 'atualizar', who);
    expect(rest).toMatchObject({ status: 'concluida', processadas: 1500, criadas: 500, sem_alteracao: 1000 });
    expect(await sut.dataSource.getRepository(Enterprise).countBy({ cnpj: In(cnpjs) })).toBe(1500);
  });

  it('cancels a queued import, and a run resumes from its last finished chunk after its instance died: every row exactly once', async () => {
    const rows = Array.from({ length: 1200 }, (_, index) => ({ cnpj: freshCnpj(), fantasia: `Retomada ${index}` }));
    const res = await upload(Buffer.from(companiesCsv(rows)));
    const cancelled = await request(sut.server).delete(`/api/admin/importacoes/${res.body.id}`).set(bearer(admin));
    expect(cancelled.body.status).toBe('cancelada');

    // A run that died after its first chunk: the first 500 rows written and recorded as done, the import
    // still "processando" with a heartbeat over a minute old. The next sweep takes it over.
    const second = await upload(Buffer.from(companiesCsv(rows)));
    const imports = sut.app.get(ImportsService);
    const repository = sut.dataSource.getRepository(Import);
    const partial = await upload(Buffer.from(companiesCsv(rows.slice(0, 500))));
    await run(partial.body.id, partial.body.mapeamento);
    await repository.update(
      { id: second.body.id },
      {
        status: 'processando',
        mode: 'atualizar',
        nextRow: 500,
        processed: 500,
        created: 500,
        heartbeatAt: new Date(Date.now() - 120_000),
        startedAt: new Date(),
      },
    );
    await imports.sweep();
    const done = await finished(second.body.id);
    expect(done).toMatchObject({ status: 'concluida', total: 1200, processadas: 1200, criadas: 1200, sem_alteracao: 0, falhas: 0 });
    const cnpjs = rows.map((row) => row.cnpj);
    const counted = (await sut.dataSource.query(
      `SELECT COUNT(*) AS total, COUNT(DISTINCT cnpj) AS distintos FROM enterprises WHERE cnpj IN (${cnpjs.map(() => '?').join(',')})`,
      cnpjs,
    )) as { total: number | string; distintos: number | string }[];
    expect([Number(counted[0].total), Number(counted[0].distintos)]).toEqual([1200, 1200]);
  });
});
