import { describe, expect, it } from 'vitest';
import type { HttpReply } from '../../src/common/http/http.js';
import { XSRF_COOKIE, XsrfTokens } from '../../src/inertia/xsrf.js';

describe('XSRF tokens', () => {
  it('gives every token its own 24 random bytes, across many refills of the random pool', () => {
    const tokens = new XsrfTokens('segredo-de-teste-com-32-caracteres!', false, 'agromaq_session');
    const cookies: string[] = [];
    const res = { setCookie: (name: string, value: string) => name === XSRF_COOKIE && cookies.push(value) } as unknown as HttpReply;
    const issued = Array.from({ length: 1_000 }, () => tokens.rotate(res));
    expect(cookies).toEqual(issued);
    expect(new Set(issued).size).toBe(issued.length);
    const nonces = issued.map((token) => /^anon\.([A-Za-z0-9_-]+)\./.exec(token)?.[1]);
    for (const nonce of nonces) expect(Buffer.from(nonce!, 'base64url')).toHaveLength(24);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
