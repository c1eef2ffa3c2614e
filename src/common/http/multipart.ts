import { Busboy, type BusboyFileStream, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { AppException } from './app.exception.js';
import type { HttpRequest } from './http.js';

/**
 * Multipart bodies, read only by the routes that take an upload (a logo, a spreadsheet). A plugin doing this for
 * the whole app would add two hooks to every request, most of which never carry a file; here the body is left
 * untouched until its route asks for it, and nothing runs for the others.
 */

/** What one upload route accepts: bytes of its file, how many files, fields, bytes of a field and parts in all. */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
}

/** One part as it arrives: a file to read (to its end, or not at all) before asking for the next, or a field's text. */
export type MultipartPart = { type: 'file'; fieldname: string; filename: string; file: Readable } | { type: 'field'; fieldname: string; value: string };

/** Why a multipart body was refused; the route turns it into its own message. */
export type MultipartRefusal = 'not-multipart' | 'file-too-large' | 'too-many-files' | 'too-many-fields' | 'too-many-parts' | 'malformed' | 'closed';

export class MultipartError extends Error {
  constructor(readonly refusal: MultipartRefusal) {
    super(`Multipart body refused: ${refusal}`);
  }
}

const MULTIPART_TYPE = /^multipart\/form-data\s*(?:;|$)/i;

/** How a route says it reads a multipart body itself (with multipartParts), in its route config. */
const READS_MULTIPART = 'readsMultipart';

/** Marks a route that reads a multipart body itself, with multipartParts: any other route refuses one at once. */
export const ReadsMultipart = () => RouteConfig({ [READS_MULTIPART]: true });

export const MULTIPART_NOT_HERE = 'Este endereço não recebe arquivos: envie os dados em JSON.';

/**
 * Lets a multipart body reach a route marked `@ReadsMultipart()` unread, and refuses it (415) before any other
 * route runs, without reading it.
 */
export function acceptMultipart(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', (req, _payload, done) => {
    const config = req.routeOptions.config as unknown as Record<string, unknown> | undefined;
    // A path no route answers is left to its 404.
    if (config?.[READS_MULTIPART] === true || req.routeOptions.url === undefined) done(null);
    else done(new AppException(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_NOT_HERE));
  });
}

/** Whether the request carries a multipart form (its header only; the parts say whether it is a well-formed one). */
function isMultipart(req: HttpRequest): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && MULTIPART_TYPE.test(type.slice(0, 100));
}

/**
 * The parts of a multipart body in order, within `limits`. A file past `fileSize` fails its own stream (so a
 * consumer writing it somewhere stops there), and every other refusal is thrown by the iteration, both as a
 * MultipartError. A consumer that stops early (a refusal, or its own error) leaves the rest of the body to be
 * discarded, up to one more `fileSize`, then the connection is closed: an upload never costs more than twice
 * what its route accepts.
 */
export async function* multipartParts(req: HttpRequest, limits: MultipartLimits): AsyncGenerator<MultipartPart, void, undefined> {
  if (!isMultipart(req)) throw new MultipartError('not-multipart');
  const raw = req.raw;
  let parser: BusboyInstance;
  try {
    parser = new Busboy({ headers: raw.headers as BusboyHeaders, limits });
  } catch {
    throw new MultipartError('malformed'); // no boundary
  }
  const queue: (MultipartPart | MultipartError | 'end')[] = [];
  let wake: (() => void) | undefined;
  let refused: MultipartError | undefined;
  let reading: BusboyFileStream | undefined;
  let ended = false;
  const push = (item: MultipartPart | MultipartError | 'end') => {
    queue.push(item);
    wake?.();
    wake = undefined;
  };
  const refuse = (refusal: MultipartRefusal) => {
    if (refused) return;
    refused = new MultipartError(refusal);
    reading?.destroy(refused);
    push(refused);
  };
  parser.on('file', (fieldname, file, filename) => {
    reading = file;
    // The consumer may attach its own listeners later (or never): an error with no listener would end the process.
    file.on('error', () => {});
    file.on('end', () => (reading = reading === file ? undefined : reading));
    file.on('limit', () => refuse('file-too-large'));
    push({ type: 'file', fieldname, filename, file });
  });
  parser.on('field', (fieldname, value) => push({ type: 'field', fieldname, value }));
  parser.on('filesLimit', () => refuse('too-many-files'));
  parser.on('fieldsLimit', () => refuse('too-many-fields'));
  parser.on('partsLimit', () => refuse('too-many-parts'));
  // A body with no bytes at all is an empty form (the route says what is missing), not a broken one.
  let sawData = false;
  raw.once('data', () => (sawData = true));
  parser.on('error', () => {
    if (sawData) refuse('malformed');
    else if (!ended) {
      ended = true;
      push('end');
    }
  });
  parser.on('finish', () => {
    ended = true;
    push('end');
  });
  const onClose = () => {
    if (!raw.complete) refuse('closed');
  };
  raw.on('close', onClose);
  raw.pipe(parser);
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const item = queue.shift()!;
      if (item === 'end') return;
      if (item instanceof MultipartError) throw item;
      yield item;
      // A file the consumer skipped or left half read: the parser waits for it before the next part.
      if (item.type === 'file' && !item.file.readableEnded && !item.file.destroyed) item.file.resume();
    }
  } finally {
    raw.off('close', onClose);
    if (!ended) discardRest(req, parser, limits.fileSize);
  }
}

/** Stops parsing and lets the rest of the body go by unread, closing the connection past `allowance` more bytes. */
function discardRest(req: HttpRequest, parser: BusboyInstance, allowance: number): void {
  const raw = req.raw;
  raw.unpipe(parser);
  if (raw.complete || raw.destroyed) return;
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > allowance) raw.destroy();
  });
  raw.resume();
}
