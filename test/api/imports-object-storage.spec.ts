import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { Import } from '../../src/imports/import.entity.js';
import { bearer, loginAs } from '../support/admin-session.js';
import { freshCnpj } from '../support/enterprise-factory.js';
import { startTestS3, useAdminAppWithS3 } from '../support/s3.js';
import { startTestApp } from '../support/test-app.js';

// Issue 31 with S3_BUCKET: an upload is written to disk as it arrives (never held whole in memory), kept in the
// object store every instance shares, and the import reads it from there. A refused upload leaves nothing.
const store = useAdminAppWithS3();
const app = store.app;

const staging = join(tmpdir(), 'agromaq-importacoes');
const staged = () => (existsSync(staging) ? readdirSync(staging) : []);
const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function finished(id: number) {
  for (let wait = 0; wait < 300; wait++) {
    const state = await request(app.sut.server).get(`/api/admin/importacoes/${id}`).set(bearer(app.admin));
    if (['concluida', 'cancelada', 'falhou'].includes(state.body.status)) return state.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

describe('imports with the uploads in object storage', () => {
  it('keeps the upload in the bucket, byte for byte, and imports it from there', async () => {
    const cnpjs = [freshCnpj(), freshCnpj()];
    const csv = Buffer.from(`CNPJ;Nome Fantasia;Razão Social\r\n${cnpjs.map((cnpj, index) => `${cnpj};Nuvem ${index};Nuvem ${index} Ltda`).join('\r\n')}\r\n`);
    const before = new Set(await store.s3.keys('imports/'));
    const res = await request(app.sut.server)
      .post('/api/admin/importacoes')
      .set(bearer(app.admin))
      .field('tipo', 'empresas')
      .attach('arquivo', csv, 'nuvem.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const kept = (await store.s3.keys('imports/')).filter((key) => !before.has(key));
    expect(kept).toHaveLength(1);
    expect(sha(await store.s3.read(kept[0]))).toBe(sha(csv));
    expect(staged()).toEqual([]);

    const started = await request(app.sut.server)
      .post(`/api/admin/importacoes/${res.body.id}/iniciar`)
      .set(bearer(app.admin))
      .send({ mapeamento: res.body.mapeamento, modo: 'atualizar' });
    expect(started.status).toBe(202);
    expect(await finished(res.body.id)).toMatchObject({ status: 'concluida', criadas: 2, falhas: 0 });
    expect(await app.sut.dataSource.getRepository(Enterprise).countBy({ fantasia: 'Nuvem 1' })).toBeGreaterThanOrEqual(1);
  });

  it("previews and imports an XLSX from the bucket, read by ranges with its parts in the reader's order", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Empresas');
    sheet.addRow(['CNPJ', 'Nome Fantasia', 'Razão Social']);
    const cnpjs = Array.from({ length: 120 }, () => freshCnpj());
    for (const [index, cnpj] of cnpjs.entries()) sheet.addRow([cnpj, `Planilha Nuvem ${index}`, `Planilha Nuvem ${index} Ltda`]);
    const res = await request(app.sut.server)
      .post('/api/admin/importacoes')
      .set(bearer(app.admin))
      .field('tipo', 'empresas')
      .attach('arquivo', Buffer.from(await book.xlsx.writeBuffer()), 'nuvem.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.amostra).toHaveLength(100);
    const preview = await request(app.sut.server)
      .post(`/api/admin/importacoes/${res.body.id}/previa`)
      .set(bearer(app.admin))
      .send({ mapeamento: res.body.mapeamento });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.amostra[99].valores).toEqual([cnpjs[99], 'Planilha Nuvem 99', 'Planilha Nuvem 99 Ltda']);
    const started = await request(app.sut.server)
      .post(`/api/admin/importacoes/${res.body.id}/iniciar`)
      .set(bearer(app.admin))
      .send({ mapeamento: res.body.mapeamento, modo: 'atualizar' });
    expect(started.status).toBe(202);
    expect(await finished(res.body.id)).toMatchObject({ status: 'concluida', criadas: 120, falhas: 0 });
  });

  it('refuses a file that is no spreadsheet, and leaves nothing in the bucket or the staging folder', async () => {
    const before = await store.s3.keys('imports/');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await request(app.sut.server)
      .post('/api/admin/importacoes')
      .set(bearer(app.admin))
      .field('tipo', 'empresas')
      .attach('arquivo', png, 'foto.png');
    expect([res.status, res.body.message]).toEqual([400, 'Envie uma planilha CSV ou XLSX.']);
    expect(await store.s3.keys('imports/')).toEqual(before);
    expect(staged()).toEqual([]);
  });

  it('answers 503 with Retry-After when the store cannot take the upload, and records nothing', async () => {
    // A second instance whose object storage is down (its server stopped).
    const gone = await startTestS3('agromaq-fora');
    await gone.close();
    const local = await startTestApp(gone.env);
    try {
      const admin = await loginAs(local, 'gestor');
      const csv = Buffer.from(`CNPJ;Nome Fantasia;Razão Social\r\n${freshCnpj()};Fora;Fora Ltda\r\n`);
      const res = await request(local.server).post('/api/admin/importacoes').set(bearer(admin)).field('tipo', 'empresas').attach('arquivo', csv, 'fora.csv');
      expect([res.status, res.body.message]).toEqual([503, 'Não foi possível guardar a planilha agora. Tente novamente em instantes.']);
      expect(res.headers['retry-after']).toBe('5');
      expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at \w+ \(/);
      expect(await local.dataSource.getRepository(Import).count()).toBe(0);
      expect(staged()).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
