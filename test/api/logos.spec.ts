import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { setSvgSanitizeTimeLimit } from '../../src/logos/logo-file.js';
import { Logo } from '../../src/logos/logo.entity.js';
import { MANUFACTURER_LOGOS } from '../../src/logos/manufacturer-logos.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { enterpriseBody } from '../support/enterprise-factory.js';

const app = useAdminApp('gestor');

const PNG = Buffer.concat([
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0e1d50000000049454e44ae426082',
    'hex',
  ),
]);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
const CLEAN_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120"><rect width="240" height="120" rx="16" fill="#1f7a3a"/><text x="120" y="70" font-size="32" text-anchor="middle" fill="#fff">Agro</text></svg>';

const uploadsDir = () => resolve(app.sut.config.uploadsDir, 'logos');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
const logoCount = () => app.sut.dataSource.getRepository(Logo).count();
const upload = (content: Buffer | string, filename: string, field = 'file') =>
  request(app.sut.server)
    .post('/api/admin/upload/logo')
    .set(bearer(app.admin))
    .attach(field, Buffer.isBuffer(content) ? content : Buffer.from(content), filename);

/** Asserts a refused upload: the status, the Portuguese message, and nothing stored or recorded. */
async function expectRefusedUpload(res: request.Response, status: number, message: string | RegExp, before: { files: number; rows: number }) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|Error:|multer/i);
  expect(storedFiles()).toHaveLength(before.files);
  expect(await logoCount()).toBe(before.rows);
}

const snapshot = async () => ({ files: storedFiles().length, rows: await logoCount() });

describe('manufacturer logos', () => {
  it('lists every shipped manufacturer logo under data, each served as an image', async () => {
    const res = await request(app.sut.server).get('/api/admin/logos').set(bearer(app.admin)).expect(200);
    const manufacturers = res.body.data.filter((logo: { kind: string }) => logo.kind === 'fabricante');
    expect(manufacturers.map((logo: { filename: string }) => logo.filename).sort()).toEqual(MANUFACTURER_LOGOS.map((logo) => logo.file).sort());
    expect(manufacturers[0]).toEqual({
      logo_id: expect.any(Number),
      filename: expect.any(String),
      name: expect.any(String),
      kind: 'fabricante',
      url: `/images/fabricantes/${manufacturers[0].filename}`,
    });
    for (const logo of manufacturers) {
      const file = await request(app.sut.server).get(logo.url).expect(200);
      expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('serves the placeholder, and a plain 404 for a logo that does not exist', async () => {
    await request(app.sut.server).get('/images/fabricantes/default.svg').expect(200);
    await request(app.sut.server).get('/images/fabricantes/nao-existe.png').expect(404);
  });

  it('needs an admin session', async () => {
    await request(app.sut.server).get('/api/admin/logos').set('X-Forwarded-For', app.admin.ip).expect(401);
    await request(app.sut.server).post('/api/admin/upload/logo').set('X-Forwarded-For', app.admin.ip).attach('file', PNG, 'logo.png').expect(401);
  });
});

describe('uploading a logo', () => {
  it.each([
    ['PNG', PNG, 'marca.png', 'png', 'image/png'],
    ['JPEG (.jpeg)', JPEG, 'marca.jpeg', 'jpg', 'image/jpeg'],
    ['JPEG (.jpg)', JPEG, 'marca.JPG', 'jpg', 'image/jpeg'],
    ['GIF', GIF, 'marca.gif', 'gif', 'image/gif'],
    ['WEBP', WEBP, 'marca.webp', 'webp', 'image/webp'],
  ])('stores a %s under a generated name and serves it with nosniff', async (_kind, content, name, extension, type) => {
    const res = await upload(content, name).expect(201);
    expect(res.body).toMatchObject({ ok: true, filename: expect.stringMatching(new RegExp(`^[0-9a-f-]{36}\\.${extension}$`)) });
    expect(res.body.url).toBe(`/images/fabricantes/${res.body.filename}`);
    expect(readFileSync(join(uploadsDir(), res.body.filename))).toEqual(content);
    const served = await request(app.sut.server)
      .get(res.body.url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toMatch(new RegExp(`^${type.replace('+', '\\+')}`));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toEqual(content);
  });

  it('sanitizes a clean SVG, serves it with a policy that blocks scripts, and lists it to be chosen', async () => {
    const res = await upload(CLEAN_SVG, 'Minha Marca.svg').expect(201);
    const stored = readFileSync(join(uploadsDir(), res.body.filename), 'utf8');
    expect(stored).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(stored).toContain('<rect');
    expect(stored).not.toContain('<!--');
    const served = await request(app.sut.server).get(res.body.url).expect(200);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");

    const list = await request(app.sut.server).get('/api/admin/logos').set(bearer(app.admin)).expect(200);
    expect(list.body.data).toContainEqual({
      logo_id: res.body.logo.logo_id,
      filename: res.body.filename,
      name: 'Minha Marca',
      kind: 'upload',
      url: res.body.url,
    });
    await request(app.sut.server)
      .post('/api/admin/enterprises')
      .set(bearer(app.admin))
      .send(enterpriseBody({ logo: res.body.filename }))
      .expect(201);
  });

  it.each([
    ['a <script> element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>'],
    ['an onload handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'],
    ['an event handler on a shape', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" onclick="alert(1)"/></svg>'],
    ['a foreignObject', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://example.com"></iframe></foreignObject></svg>'],
    [
      'an external image',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://example.com/x.png" width="1" height="1"/></svg>',
    ],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>'],
    [
      'a style importing a URL',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://example.com/x.css);</style><rect width="1" height="1"/></svg>',
    ],
  ])('refuses an SVG with %s', async (_case, svg) => {
    const before = await snapshot();
    await expectRefusedUpload(await upload(svg, 'logo.svg'), 400, 'O SVG contém scripts, eventos ou referências externas e não pode ser usado.', before);
  });

  it('refuses an SVG declaring entities', async () => {
    const before = await snapshot();
    const svg =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>';
    await expectRefusedUpload(await upload(svg, 'logo.svg'), 400, 'O SVG contém declarações de entidades e não pode ser usado.', before);
  });

  it('checks the content, not the name: a PNG renamed .svg and text renamed .png are refused', async () => {
    const before = await snapshot();
    await expectRefusedUpload(await upload(PNG, 'logo.svg'), 415, 'O conteúdo do arquivo não corresponde à extensão .svg.', before);
    await expectRefusedUpload(await upload('não sou uma imagem', 'logo.png'), 415, 'Formato não suportado. Use PNG, JPG, JPEG, WEBP, GIF ou SVG', before);
    await expectRefusedUpload(await upload(PNG, 'logo.exe'), 415, 'Formato não suportado. Use PNG, JPG, JPEG, WEBP, GIF ou SVG', before);
    await expectRefusedUpload(
      await upload('<html><script>alert(1)</script></html>', 'logo.svg'),
      415,
      'Formato não suportado. Use PNG, JPG, JPEG, WEBP, GIF ou SVG',
      before,
    );
  });

  it('accepts exactly 3 MB and refuses 3 MB + 1 byte with the spec’s message', async () => {
    const limit = 3 * 1024 * 1024;
    const big = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]);
    await upload(big, 'grande.png').expect(201);
    const before = await snapshot();
    await expectRefusedUpload(await upload(Buffer.concat([big, Buffer.alloc(1)]), 'grande.png'), 413, 'Arquivo muito grande. Máximo: 3MB', before);
  });

  it('refuses an empty file, a missing file, another field and a non-multipart body', async () => {
    const before = await snapshot();
    await expectRefusedUpload(await upload(Buffer.alloc(0), 'vazio.png'), 400, 'O arquivo está vazio.', before);
    await expectRefusedUpload(await upload(PNG, 'logo.png', 'arquivo'), 400, 'Envie um único arquivo, no campo file.', before);
    await expectRefusedUpload(
      await request(app.sut.server).post('/api/admin/upload/logo').set(bearer(app.admin)).field('nome', 'x'),
      400,
      'Selecione um arquivo de imagem no campo file.',
      before,
    );
    await expectRefusedUpload(
      await request(app.sut.server).post('/api/admin/upload/logo').set(bearer(app.admin)).send({ file: 'x' }),
      400,
      'Envie o arquivo como multipart/form-data no campo file.',
      before,
    );
  });

  it('never uses the sent file name as a path', async () => {
    const res = await upload(PNG, '../../../../tmp/evil.png').expect(201);
    expect(res.body.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(res.body.logo.name).toBe('evil');
    expect(existsSync(join(uploadsDir(), res.body.filename))).toBe(true);
    expect(existsSync('/tmp/evil.png')).toBe(false);
  });

  it('serves a polyglot (a PNG carrying HTML and script) only as an image, never sniffed as a page', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(polyglot, 'poliglota.png').expect(201);
    const served = await request(app.sut.server).get(res.body.url).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('drops a DOCTYPE pointing at an external DTD and keeps the drawing', async () => {
    const svg =
      '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#1f7a3a"/></svg>';
    const res = await upload(svg, 'com-dtd.svg').expect(201);
    const stored = readFileSync(join(uploadsDir(), res.body.filename), 'utf8');
    expect(stored).not.toMatch(/DOCTYPE|w3\.org\/Graphics/);
    expect(stored).toContain('<circle');
  });
});

describe('an SVG too complex to sanitize', () => {
  const TOO_DEEP = 'SVG complexo demais: no máximo 64 níveis de elementos aninhados.';
  const TOO_MANY = 'SVG complexo demais: no máximo 5.000 elementos.';
  const TOO_SLOW = 'SVG complexo demais: a verificação passou do tempo limite.';
  const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';
  /** Elements `levels` deep: the root, nested groups, and a shape at the bottom. */
  const nestedSvg = (levels: number) => `${SVG_OPEN}${'<g>'.repeat(levels - 2)}<rect width="1" height="1"/>${'</g>'.repeat(levels - 2)}</svg>`;
  /** `count` elements in all: the root and its shapes. */
  const svgOfElements = (count: number) => `${SVG_OPEN}${'<rect width="1" height="1"/>'.repeat(count - 1)}</svg>`;

  it('refuses 20,000 nested <g> at once, and the app keeps answering meanwhile', async () => {
    const before = await snapshot();
    const started = performance.now();
    const timed = (pending: request.Test) => pending.then((res) => ({ res, ms: performance.now() - started }));
    const [uploaded, health] = await Promise.all([
      timed(upload(`${SVG_OPEN}${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`, 'aninhado.svg')),
      timed(request(app.sut.server).get('/api/health')),
    ]);
    await expectRefusedUpload(uploaded.res, 400, TOO_DEEP, before);
    expect(uploaded.ms).toBeLessThan(2_000);
    expect(health.res.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
  });

  it('accepts elements 64 levels deep and refuses 65, stray end tags not hiding the nesting', async () => {
    const res = await upload(nestedSvg(64), 'fundo.svg').expect(201);
    expect(readFileSync(join(uploadsDir(), res.body.filename), 'utf8')).toContain('<rect');
    const before = await snapshot();
    await expectRefusedUpload(await upload(nestedSvg(65), 'fundo-demais.svg'), 400, TOO_DEEP, before);
    // The parser ignores an end tag that does not close the innermost element, so these <g> still nest.
    const strayEndTags = `${SVG_OPEN}${'<g></rect>'.repeat(64)}${'</g>'.repeat(64)}</svg>`;
    await expectRefusedUpload(await upload(strayEndTags, 'disfarcado.svg'), 400, TOO_DEEP, before);
  });

  it('accepts 5,000 elements and refuses 5,001', async () => {
    await upload(svgOfElements(5_000), 'cheio.svg').expect(201);
    const before = await snapshot();
    await expectRefusedUpload(await upload(svgOfElements(5_001), 'cheio-demais.svg'), 400, TOO_MANY, before);
  });

  it('refuses an SVG whose sanitizing runs past the time limit, and sanitizes the next one in a fresh worker', async () => {
    const before = await snapshot();
    const previous = setSvgSanitizeTimeLimit(20);
    try {
      await expectRefusedUpload(await upload(svgOfElements(5_000), 'lento.svg'), 400, TOO_SLOW, before);
    } finally {
      setSvgSanitizeTimeLimit(previous);
    }
    await upload(CLEAN_SVG, 'depois.svg').expect(201);
  });
});
