import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Logo } from '../../src/logos/logo.entity.js';
import { bearer, loginAs } from '../support/admin-session.js';
import { startTestApp } from '../support/test-app.js';
import { startTestS3, useAdminAppWithS3 } from '../support/s3.js';

// With S3_BUCKET (and its endpoint and credentials) uploaded logos live in S3-compatible object storage that
// every instance shares, and are served by the app with the same headers as local files (issue: many
// instances, one truth). An S3-compatible server (s3rver) runs in this process.
const store = useAdminAppWithS3();
const app = store.app;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0e1d50000000049454e44ae426082',
  'hex',
);
const SVG =
  '<?xml version="1.0"?>\n<!-- exported by an editor --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#1f7a3a"/></svg>';

const upload = (content: Buffer | string, filename: string) =>
  request(app.sut.server)
    .post('/api/admin/upload/logo')
    .set(bearer(app.admin))
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), filename);

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const localFiles = () => {
  const directory = resolve(app.sut.config.uploadsDir, 'logos');
  return existsSync(directory) ? readdirSync(directory) : [];
};

describe('uploaded logos in object storage', () => {
  it('stores an upload in the bucket, not on the local disk, and serves it with the headers of a local file', async () => {
    const res = await upload(PNG, 'marca.png').expect(201);
    expect(res.body.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await store.s3.keys('logos/')).toContain(`logos/${res.body.filename}`);
    expect(await store.s3.read(`logos/${res.body.filename}`)).toEqual(PNG);
    expect(localFiles()).toEqual([]);

    const served = await binary(request(app.sut.server).get(res.body.url)).expect(200);
    expect(served.body).toEqual(PNG);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(PNG.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBeTruthy();

    // A browser asking again with the tag it holds gets "not modified", without the bytes.
    const again = await request(app.sut.server).get(res.body.url).set('If-None-Match', served.headers.etag).expect(304);
    expect(again.text ?? '').toBe('');

    const head = await request(app.sut.server).head(res.body.url).expect(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('keeps the SVG sanitized in the bucket and serves it under the policy that blocks scripts', async () => {
    const res = await upload(SVG, 'vetor.svg').expect(201);
    const stored = (await store.s3.read(`logos/${res.body.filename}`)).toString('utf8');
    expect(stored).toContain('<circle');
    expect(stored).not.toContain('<!--');
    expect(stored).toMatch(/^<svg/);
    const served = await request(app.sut.server).get(res.body.url).expect(200);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers a plain 404 for a logo that is not stored, and never reads outside the logos', async () => {
    for (const path of [
      '/images/fabricantes/00000000-0000-0000-0000-000000000000.png',
      '/images/fabricantes/..%2F..%2Fsecret.png',
      '/images/fabricantes/nao-existe.txt',
      '/images/fabricantes/',
    ]) {
      const res = await request(app.sut.server).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/plain/);
    }
  });

  it('still serves the shipped manufacturer logos from the app', async () => {
    const list = await request(app.sut.server).get('/api/admin/logos').set(bearer(app.admin)).expect(200);
    const shipped = (list.body.data as { kind: string; url: string }[]).find((logo) => logo.kind === 'fabricante')!;
    const file = await request(app.sut.server).get(shipped.url).expect(200);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('refuses an upload the store cannot take with a clear message, and records nothing', async () => {
    // A second instance whose object storage is down (its server stopped).
    const gone = await startTestS3('agromaq-fora');
    await gone.close();
    const local = await startTestApp(gone.env);
    try {
      const admin = await loginAs(local, 'gestor');
      const rows = () => local.dataSource.getRepository(Logo).count();
      const before = await rows();
      const res = await request(local.server).post('/api/admin/upload/logo').set(bearer(admin)).attach('file', PNG, 'marca.png');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.message).toBe('Não foi possível guardar o arquivo agora. Tente novamente em instantes.');
      expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at \w+ \(/);
      expect(await rows()).toBe(before);
      // Reading a logo while the store is down is an error page, never a hang or a leak.
      const read = await request(local.server).get('/images/fabricantes/00000000-0000-0000-0000-000000000000.png');
      expect(read.status).toBeGreaterThanOrEqual(500);
      expect(read.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await local.close();
    }
  }, 30_000);
});
