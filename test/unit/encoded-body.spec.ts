import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, EncodedBody } from '../../src/common/http/encoded-body.js';

describe('chooseEncoding (Accept-Encoding, RFC 9110 12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['br;q=abc, gzip', 'gzip'],
    ['', null],
    [undefined, null],
  ])('%j → %s', (accept, expected) => {
    expect(chooseEncoding(accept)).toBe(expected);
  });

  it('reads a long header on its first 256 characters only', () => {
    expect(chooseEncoding(`${'x;q=1, '.repeat(40)}gzip`)).toBe(null);
    expect(chooseEncoding(`gzip, ${'x'.repeat(100_000)}`)).toBe('gzip');
  });
});

describe('EncodedBody', () => {
  const text = Buffer.from('<p>Máquinas agrícolas 🚜</p>\n'.repeat(200));

  it('answers each encoding with a body that decodes to the same bytes, made once', async () => {
    const body = new EncodedBody(text);
    const [br, again, gzip] = await Promise.all([body.answer('br'), body.answer('gzip, br'), body.answer('gzip')]);
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(text)).toBe(true);
    expect(again.body).toBe(br.body);
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(text)).toBe(true);
    expect((await body.answer(undefined)).body).toBe(text);
  });

  it('sends a body under 1 KB as it is', async () => {
    const small = Buffer.from('curto');
    expect(await new EncodedBody(small).answer('br')).toEqual({ body: small, encoding: null });
  });
});
