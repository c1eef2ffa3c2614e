import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The compressed forms the app keeps of a body it sends many times, the better first. */
export type BodyEncoding = 'br' | 'gzip';

/** Below this size a compressed body saves less than it costs: here and for the compression plugin (app.ts). */
export const COMPRESS_THRESHOLD = 1024;

/** Accept-Encoding is read on its first 256 characters: a browser's is under 40. */
const ACCEPT_ENCODING_MAX = 256;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The encoding to answer with, from the request's Accept-Encoding (RFC 9110, 12.5.3): brotli when accepted at least
 * as much as gzip, else gzip, else null (the body as it is). An encoding refused with `q=0`, or only accepted
 * through `*;q=0`, is not chosen.
 */
export function chooseEncoding(acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.slice(0, ACCEPT_ENCODING_MAX).split(',')) {
    const [name, ...parameters] = part.split(';');
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    weights.set(name.trim().toLowerCase(), quality === undefined ? 1 : Number(quality.slice(2)));
  }
  const weight = (encoding: BodyEncoding) => {
    const value = weights.get(encoding) ?? weights.get('*') ?? 0;
    return Number.isFinite(value) ? value : 0;
  };
  const [br, gz] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/**
 * A body sent again and again (a public page's remembered document), kept with its compressed forms. Each form is
 * made once, on the first request that accepts it, off the event loop, and shared by the requests that arrive
 * meanwhile: compressing the 80 KB home page on every answer cost about 1.3 ms of CPU, fifteen times the rest of
 * the answer. The levels are the fast ones (brotli 5, gzip 6: a few ms once), because a document is made per
 * distinct address and a stranger can ask for many; brotli 5 is still smaller than gzip at its best.
 */
export class EncodedBody {
  private readonly forms = new Map<BodyEncoding, Promise<Buffer>>();

  constructor(readonly identity: Buffer) {}

  /** The body for a request's Accept-Encoding, and the Content-Encoding to send with it (null: none). */
  async answer(acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding: BodyEncoding | null }> {
    const encoding = this.identity.length >= COMPRESS_THRESHOLD ? chooseEncoding(acceptEncoding) : null;
    if (encoding === null) return { body: this.identity, encoding };
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? brotli(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length } })
          : gzipped(this.identity, { level: 6 });
      this.forms.set(encoding, form);
      // A failure (none is expected from zlib on a buffer) is not kept: the next request tries again.
      form.catch(() => this.forms.delete(encoding));
    }
    try {
      return { body: await form, encoding };
    } catch {
      return { body: this.identity, encoding: null };
    }
  }
}
