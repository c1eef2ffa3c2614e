import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MULTIPART_NOT_HERE } from '../../src/common/http/multipart.js';
import { Import } from '../../src/imports/import.entity.js';
import { Logo } from '../../src/logos/logo.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { listeningPort } from '../support/sse.js';

// The app reads multipart bodies itself, only on the two upload routes (a logo, a spreadsheet): attacks on that
// reader, each against the running server. The routes' own rules (formats, sizes, messages) are in logos.spec.ts
// and imports.spec.ts.
const app = useAdminApp('gestor');

const LOGO_LIMIT = 3 * 1024 * 1024;
const BOUNDARY = 'limite-agromaq-7f3a';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0e1d50000000049454e44ae426082',
  'hex',
);

const logosDir = () => resolve(app.sut.config.uploadsDir, 'logos');
const receivingDir = () => join(app.sut.config.uploadsDir, 'imports', 'recebendo');
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const stored = async () => ({
  logos: filesIn(logosDir()).length,
  logoRows: await app.sut.dataSource.getRepository(Logo).count(),
  receiving: filesIn(receivingDir()).length,
  imports: await app.sut.dataSource.getRepository(Import).count(),
});

const fileHead = (field: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const fieldPart = (field: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
const closing = `--${BOUNDARY}--\r\n`;

/** Posts `body` as it is, under `contentType`. */
const post = (path: string, body: string | Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  request(app.sut.server)
    .post(path)
    .set(bearer(app.admin))
    .set('Content-Type', contentType)
    .send(Buffer.isBuffer(body) ? body : Buffer.from(body));

interface RawExchange {
  /** Bytes of the body written before the server stopped taking them, or before `budget` was spent. */
  sent: number;
  /** What came back, as text. */
  answer: string;
  /** Whether the server closed the connection (rather than the budget running out). */
  closedByServer: boolean;
}

/**
 * Opens a connection, sends a multipart request that claims `declared` bytes and streams a file in 64 kB chunks
 * until the server closes the connection or `budget` bytes are sent, reading the answer as it comes. `hangUpAfter`
 * makes the client itself give up after that many bytes.
 */
async function streamUpload(path: string, opts: { declared: number; budget: number; head: string; hangUpAfter?: number }): Promise<RawExchange> {
  const port = await listeningPort(app.sut.server);
  const socket = connect(port, '127.0.0.1');
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const received: Buffer[] = [];
  let closed = false;
  socket.on('data', (data: Buffer) => received.push(data));
  socket.on('error', () => (closed = true));
  socket.on('close', () => (closed = true));
  await new Promise<void>((ready) => socket.once('connect', ready));
  const headers = Object.entries({ ...bearer(app.admin), 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(opts.declared) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n${opts.head}`);
  let sent = 0;
  while (!closed && sent < opts.budget) {
    if (opts.hangUpAfter !== undefined && sent >= opts.hangUpAfter) {
      socket.destroy();
      break;
    }
    const drained = socket.write(chunk);
    sent += chunk.length;
    if (!drained) await Promise.race([new Promise((next) => socket.once('drain', next)), new Promise((next) => setTimeout(next, 2000))]);
  }
  const closedByServer = closed && opts.hangUpAfter === undefined;
  if (!closed) socket.destroy();
  await new Promise((settle) => setTimeout(settle, 50));
  return { sent, answer: Buffer.concat(received).toString('utf8'), closedByServer };
}

describe('multipart bodies, read only by the upload routes', () => {
  it('answers an endless upload at its limit and closes the connection before reading twice the limit', async () => {
    const before = await stored();
    const exchange = await streamUpload('/api/admin/upload/logo', {
      declared: 200 * 1024 * 1024,
      budget: 40 * 1024 * 1024,
      head: fileHead('file', 'logo.png'),
    });
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(exchange.answer).toContain('Arquivo muito grande. Máximo: 3MB');
    expect(exchange.closedByServer, 'the server hung up').toBe(true);
    // What was written but not read sits in the two sockets' buffers: about 4 MB on loopback here (10 MB sent in
    // all), with room for the kernel growing them on a loaded machine. Without the cut-off all 40 MB go through.
    expect(exchange.sent, 'bytes the client got to send').toBeLessThan(2 * LOGO_LIMIT + 16 * 1024 * 1024);
    expect(await stored()).toEqual(before);
    await request(app.sut.server).get('/api/health/live').expect(200);
  });

  it('leaves nothing behind when the client hangs up halfway through a spreadsheet, and keeps answering', async () => {
    const before = await stored();
    const head = `${fieldPart('tipo', 'empresas')}${fileHead('arquivo', 'metade.csv')}CNPJ;Nome Fantasia\r\n`;
    const exchange = await streamUpload('/api/admin/importacoes', { declared: 20 * 1024 * 1024, budget: 20 * 1024 * 1024, head, hangUpAfter: 2 * 1024 * 1024 });
    expect(exchange.answer).toBe('');
    for (let wait = 0; wait < 100 && filesIn(receivingDir()).length > before.receiving; wait++) await new Promise((next) => setTimeout(next, 20));
    expect(await stored()).toEqual(before);
    await request(app.sut.server).get('/api/health/live').expect(200);
    const next = await post('/api/admin/importacoes', `${fieldPart('tipo', 'empresas')}${fileHead('arquivo', 'a.csv')}CNPJ;Nome Fantasia\r\n\r\n${closing}`);
    expect(next.body.message).toBe('A planilha está vazia: nenhuma linha de dados foi encontrada.');
  });

  it('refuses broken and abusive bodies with a Portuguese message, a 4xx, and nothing stored', async () => {
    const before = await stored();
    const cases: [string, string | Buffer, string, number, string][] = [
      ['no boundary', 'x', 'multipart/form-data', 400, 'Não foi possível ler o arquivo enviado.'],
      ['no closing delimiter', `${fileHead('file', 'logo.png')}${PNG.toString('latin1')}`, '', 400, 'Não foi possível ler o arquivo enviado.'],
      ['an empty body', '', '', 400, 'Selecione um arquivo de imagem no campo file.'],
      ['only fields', `${fieldPart('nome', 'Fazenda São João 🚜')}${closing}`, '', 400, 'Selecione um arquivo de imagem no campo file.'],
      ['two files', `${fileHead('file', 'a.png')}x\r\n${fileHead('file', 'b.png')}y\r\n${closing}`, '', 400, 'Envie um único arquivo, no campo file.'],
      ['a thousand fields', `${fieldPart('campo', 'x').repeat(1000)}${closing}`, '', 400, 'Não foi possível ler o arquivo enviado.'],
      ['a field of a megabyte', `${fieldPart('campo', 'x'.repeat(1024 * 1024))}${closing}`, '', 400, 'Selecione um arquivo de imagem no campo file.'],
      ['a form, not multipart', 'file=logo.png', 'application/x-www-form-urlencoded', 400, 'Envie o arquivo como multipart/form-data no campo file.'],
    ];
    for (const [label, body, contentType, status, message] of cases) {
      const res = await post('/api/admin/upload/logo', body, contentType || undefined);
      expect([label, res.status, res.body.message]).toEqual([label, status, message]);
      expect(JSON.stringify(res.body), label).not.toMatch(/at \w+ \(|Error:|busboy|boundary/i);
    }
    const twoSheets = await post(
      '/api/admin/importacoes',
      `${fieldPart('tipo', 'empresas')}${fileHead('arquivo', 'a.csv')}CNPJ\r\n1\r\n${fileHead('arquivo', 'b.csv')}CNPJ\r\n2\r\n${closing}`,
    );
    expect([twoSheets.status, twoSheets.body.message]).toEqual([400, 'Envie uma única planilha, no campo arquivo.']);
    expect(await stored()).toEqual(before);
  });

  it('refuses a multipart body on every other route at once (415), without reading it', async () => {
    const body = `${fieldPart('fantasia', 'Empresa')}${fileHead('logo', 'logo.png')}${PNG.toString('latin1')}\r\n${closing}`;
    for (const path of ['/api/admin/enterprises', '/api/contatos', '/api/admin/importacoes/1/iniciar', '/api/admin/login']) {
      const res = await post(path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 415, MULTIPART_NOT_HERE]);
    }
    expect((await post('/api/nao-existe', body)).status).toBe(404);
  });
});
