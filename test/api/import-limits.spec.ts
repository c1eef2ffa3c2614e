import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Import } from '../../src/imports/import.entity.js';
import { ImportFailure } from '../../src/imports/import-failure.entity.js';
import { IMPORT_MAX_RUNS, IMPORT_WAITING_MAX, ImportsService } from '../../src/imports/imports.service.js';
import { TABLE_LIMITS } from '../../src/imports/table-limits.js';
import { IMPORT_UPLOAD_THROTTLER } from '../../src/imports/imports.api.controller.js';
import { bearer, loginAs, type AdminSession } from '../support/admin-session.js';
import { lastColumnXlsx, sharedStringsBomb, wideHeaderCsv, xlsxWithoutRelations, ZIP_SIGNATURE_ONLY } from '../support/hostile-files.js';
import { importEnded, uploadTable } from '../support/imports.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Hostile spreadsheets: every upload is bounded in each dimension (columns, line and cell length, rows, and for
// XLSX each part's unpacked size, its packing ratio and its shared strings), refused with a message that names
// the limit, and leaves nothing behind; uploads are bounded in number; an import whose runs keep dying is given up.
let sut: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  sut = await startTestApp();
  admin = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  await sut?.close();
});

const upload = (content: Buffer, name = 'empresas.csv', who = admin) => uploadTable(sut, who, 'empresas', content, name);

const keptFiles = () => {
  const directory = join(sut.config.uploadsDir, 'imports');
  return existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.upload')) : [];
};
const staged = () => {
  const directory = join(sut.config.uploadsDir, 'imports', 'recebendo');
  return existsSync(directory) ? readdirSync(directory) : [];
};

/** The file is refused with a 400 naming the limit, nothing is recorded or kept, and the app still answers. */
async function expectRefused(content: Buffer, name: string, message: RegExp) {
  const before = await sut.dataSource.getRepository(Import).count();
  const filesBefore = keptFiles().length;
  const res = await upload(content, name);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
  expect(res.body.message).toMatch(message);
  expect(res.body.errors?.arquivo ?? res.body.message).toMatch(message);
  // No stack, no SQL, no echo of the file.
  expect(JSON.stringify(res.body).length).toBeLessThan(1000);
  expect(await sut.dataSource.getRepository(Import).count()).toBe(before);
  expect(keptFiles()).toHaveLength(filesBefore);
  expect(staged()).toEqual([]);
  expect((await request(sut.server).get('/api/health/live')).status).toBe(200);
}

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

const finished = (id: number, who = admin) => importEnded(sut, id, who);

describe('an upload past a limit is refused before anything is compared, kept or echoed', () => {
  it('a header of millions of separators (10 MB and 48 MB): 400 naming the 200 columns', async () => {
    for (const megabytes of [10, 48]) await expectRefused(wideHeaderCsv(megabytes * 1024 * 1024), 'larga.csv', /mais de 200 colunas/);
  });

  it('an XLSX whose shared strings unpack to a gigabyte (60,000,000 entries in 2.4 MB): 400 naming the packing ratio', async () => {
    const bomb = sharedStringsBomb(60_000_000);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    await expectRefused(bomb, 'bomba.xlsx', /se expande mais de 100 vezes/);
  });

  it('a zip signature and nothing else (4 bytes), a zip cut short, a workbook without its relations: 400, and the process lives on', async () => {
    await expectRefused(ZIP_SIGNATURE_ONLY, 'quatro.xlsx', /Não foi possível ler a planilha/);
    await expectRefused(Buffer.concat([ZIP_SIGNATURE_ONLY, Buffer.alloc(16)]), 'vinte.xlsx', /Não foi possível ler a planilha/);
    await expectRefused(lastColumnXlsx(0, 3).subarray(0, 400), 'cortada.xlsx', /Não foi possível ler a planilha/);
    await expectRefused(xlsxWithoutRelations(), 'sem-relacoes.xlsx', /Não foi possível ler a planilha/);
  });

  it('a 27 KB XLSX whose 5,000 rows each hold a cell at column XFD: 400 naming the row and the 200 columns', async () => {
    const file = lastColumnXlsx(5_000);
    expect(file.length).toBeLessThan(40 * 1024);
    await expectRefused(file, 'xfd.xlsx', /A linha 2 da planilha tem mais de 200 colunas/);
  });

  it('a header line, a cell and a row estimate past their limits: 400 naming each', async () => {
    await expectRefused(csv([`CNPJ;Nome Fantasia;${'x'.repeat(TABLE_LIMITS.headerChars)}`, '1;2;3']), 'cabecalho.csv', /primeira linha.*20\.000 caracteres/);
    await expectRefused(csv(['CNPJ;Nome Fantasia;Razão Social', `1;${'y'.repeat(TABLE_LIMITS.cellChars + 1)};3`]), 'celula.csv', /linha 2.*5\.000 caracteres/);
    // 1,200,000 rows of 7 bytes: the estimate from the first rows passes the limit of rows at once.
    const many = Buffer.alloc(1_200_000 * 7 + 40, '1;2;3\r\n');
    Buffer.from('CNPJ;Nome Fantasia;Razão Social\r\n').copy(many);
    await expectRefused(many, 'linhas.csv', /passa de 1\.000\.000 linhas/);
  });
});

describe('a file past a limit further down than the preview reads', () => {
  it('fails its run cleanly at that row, says which, and keeps no file; the rows before are written', async () => {
    // 3,000 ordinary rows: more than the preview reads of the sheet, so only the run meets the first wide one.
    const file = lastColumnXlsx(5_000, 3_000);
    const analysed = await upload(file, 'xfd-tarde.xlsx');
    expect(analysed.status, JSON.stringify(analysed.body).slice(0, 300)).toBe(201);
    // Nothing past the header's three columns is kept or shown.
    expect(analysed.body.colunas).toEqual(['CNPJ', 'Nome Fantasia', 'Razão Social']);
    const started = await request(sut.server)
      .post(`/api/admin/importacoes/${analysed.body.id}/iniciar`)
      .set(bearer(admin))
      .send({ mapeamento: analysed.body.mapeamento, modo: 'criar' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await finished(analysed.body.id);
    expect(done.status).toBe('falhou');
    expect(done.erro).toMatch(/A linha 3\.002 da planilha tem mais de 200 colunas.*As linhas antes desta foram gravadas/);
    expect(done.criadas).toBe(1);
    expect(keptFiles()).toEqual([]);
    expect((await request(sut.server).get('/api/health/live')).status).toBe(200);
  });
});

describe('an import whose runs keep dying', () => {
  it('is taken over at most twice, then marked failed with the reason, its file removed', async () => {
    const analysed = await upload(csv(['CNPJ;Nome Fantasia;Razão Social', '11.222.333/0001-81;Veneno;Veneno Ltda']), 'veneno.csv');
    expect(analysed.status).toBe(201);
    const id = analysed.body.id as number;
    const imports = sut.dataSource.getRepository(Import);
    const service = sut.app.get(ImportsService);
    const { adminId } = await imports.findOneByOrFail({ id });
    const silent = { status: 'processando' as const, heartbeatAt: new Date(Date.now() - 10 * 60_000), runningAdminId: adminId };
    // Two runs died already (the first and one takeover): the next sweep takes it over once more.
    await imports.update({ id }, { ...silent, runs: IMPORT_MAX_RUNS - 1, mapping: JSON.stringify(analysed.body.mapeamento), mode: 'criar' });
    await service.sweep();
    const resumed = await finished(id);
    expect(resumed.status).toBe('concluida');
    expect((await imports.findOneByOrFail({ id })).runs).toBe(IMPORT_MAX_RUNS);

    // Its last run died too (as a run that takes the instance down leaves it): given up, not taken again.
    const second = await upload(csv(['CNPJ;Nome Fantasia;Razão Social', '11.444.777/0001-61;Veneno;Veneno Ltda']), 'veneno.csv');
    const other = second.body.id as number;
    await imports.update({ id: other }, { ...silent, runs: IMPORT_MAX_RUNS, mapping: JSON.stringify(second.body.mapeamento), mode: 'criar' });
    expect(keptFiles()).toHaveLength(1);
    await service.sweep();
    const given = await imports.findOneByOrFail({ id: other });
    expect(given).toMatchObject({ status: 'falhou', runs: IMPORT_MAX_RUNS, heartbeatAt: null, runningAdminId: null, processed: 0 });
    expect(given.error).toMatch(/parou três vezes sem terminar/);
    expect(keptFiles()).toEqual([]);
    const state = await request(sut.server).get(`/api/admin/importacoes/${other}`).set(bearer(admin));
    expect(state.body).toMatchObject({ status: 'falhou', erro: given.error });
  });
});

describe('uploads are bounded in number', () => {
  it(`keeps at most ${IMPORT_WAITING_MAX} analysed uploads an admin has not started: a new one replaces the oldest, and a cancel removes the file`, async () => {
    const who = await loginAs(sut, 'gestor');
    const file = csv(['CNPJ;Nome Fantasia;Razão Social', '11.222.333/0001-81;Espera;Espera Ltda']);
    const ids: number[] = [];
    const before = keptFiles().length;
    for (let index = 0; index <= IMPORT_WAITING_MAX; index++) {
      const res = await upload(file, `espera-${index}.csv`, who);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const imports = sut.dataSource.getRepository(Import);
    expect((await imports.findOneByOrFail({ id: ids[0] })).status).toBe('cancelada');
    for (const id of ids.slice(1)) expect((await imports.findOneByOrFail({ id })).status).toBe('analisada');
    expect(keptFiles().length - before).toBe(IMPORT_WAITING_MAX);
    // A replaced analysis cannot be started.
    const late = await request(sut.server)
      .post(`/api/admin/importacoes/${ids[0]}/iniciar`)
      .set(bearer(who))
      .send({ mapeamento: { cnpj: 0 }, modo: 'criar' });
    expect(late.status).toBe(409);

    const cancelled = await request(sut.server).delete(`/api/admin/importacoes/${ids[1]}`).set(bearer(who));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelada');
    expect(keptFiles().length - before).toBe(IMPORT_WAITING_MAX - 1);
  });

  it('counts each admin’s uploads: past 60 in ten minutes the route answers 429, and another admin is not held back', async () => {
    const busy = await loginAs(sut, 'gestor');
    const other = await loginAs(sut, 'gestor');
    const empty = Buffer.from('');
    expect(IMPORT_UPLOAD_THROTTLER).toMatchObject({ ttl: 10 * 60_000, limit: 60 });
    for (let index = 0; index < 60; index++) expect((await upload(empty, 'vazia.csv', busy)).status).toBe(400);
    const refused = await upload(empty, 'vazia.csv', busy);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Muitas tentativas/);
    expect((await upload(empty, 'vazia.csv', other)).status).toBe(400);
  });
});

describe('file names obey the text rule', () => {
  it('drops control characters and direction overrides from the name, keeps no path, and caps its length', async () => {
    const boundary = 'limite-agromaq';
    const body = (filename: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nempresas\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="`),
        Buffer.from(filename, 'utf8'),
        Buffer.from(`"\r\nContent-Type: text/csv\r\n\r\nCNPJ;Nome Fantasia;Razão Social\r\n11.222.333/0001-81;Nome;Nome Ltda\r\n\r\n--${boundary}--\r\n`),
      ]);
    const send = (filename: string) =>
      request(sut.server)
        .post('/api/admin/importacoes')
        .set(bearer(admin))
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(body(filename));
    const res = await send('a\u0000b\u0007c\u202e.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.arquivo).toBe('abc.csv');
    const stored = await sut.dataSource.getRepository(Import).findOneByOrFail({ id: res.body.id });
    expect(stored.fileName).toBe('abc.csv');
    expect(stored.fileName.includes('\u0000')).toBe(false);

    const long = await send(`C:\\Users\\pasta\\${'ç'.repeat(400)}.csv`);
    expect(long.status).toBe(201);
    expect(long.body.arquivo).toBe('ç'.repeat(255));
  });
});

describe('failed rows are kept within the header’s columns', () => {
  it('never stores the cells past the header of a failed row', async () => {
    const lines = ['CNPJ;Nome Fantasia;Razão Social'];
    for (let index = 0; index < 120; index++) lines.push(`123;Falha ${index};Falha Ltda;${'z'.repeat(100)};mais`);
    const analysed = await upload(csv(lines), 'falhas.csv');
    expect(analysed.status).toBe(201);
    expect(analysed.body.amostra[0].valores).toEqual(['123', 'Falha 0', 'Falha Ltda']);
    await request(sut.server)
      .post(`/api/admin/importacoes/${analysed.body.id}/iniciar`)
      .set(bearer(admin))
      .send({ mapeamento: analysed.body.mapeamento, modo: 'criar' });
    const done = await finished(analysed.body.id);
    expect(done).toMatchObject({ status: 'concluida', falhas: 120, falhas_nao_guardadas: 0 });
    const rows = await sut.dataSource.getRepository(ImportFailure).findBy({ importId: analysed.body.id });
    expect(rows).toHaveLength(120);
    for (const row of rows) expect(JSON.parse(row.cells)).toHaveLength(3);
  });
});
