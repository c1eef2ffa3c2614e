import { Worker } from 'node:worker_threads';
import type { SvgSanitizeReply, SvgSanitizeRequest } from './svg-sanitizer.worker.js';
import { exceededSvgLimit } from './svg-structure.js';

/** Upload limit of a logo. */
export const LOGO_MAX_BYTES = 3 * 1024 * 1024;
export const LOGO_FORMAT_MESSAGE = 'Formato não suportado. Use PNG, JPG, JPEG, WEBP, GIF ou SVG';
export const LOGO_SIZE_MESSAGE = 'Arquivo muito grande. Máximo: 3MB';

export type LogoFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const LOGO_CONTENT_TYPES: Record<LogoFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The extension a file name may carry for each format. */
const EXTENSIONS: Record<string, LogoFormat> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp', svg: 'svg' };

/** Why an uploaded file is refused, in Portuguese, for the admin who sent it. */
export class LogoFileError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The image format of a file, read from its first bytes (never from its name); null when it is none of ours. */
export function sniffLogoFormat(content: Buffer): LogoFormat | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => content[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (content.subarray(0, 6).toString('latin1') === 'GIF87a' || content.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (looksLikeSvg(content)) return 'svg';
  return null;
}

/** Text that opens (after an optional BOM, XML declaration, comments and white space) with an `<svg` element. */
function looksLikeSvg(content: Buffer): boolean {
  if (content.includes(0)) return false;
  const head = content
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/**
 * Checks an uploaded logo by its content and returns what to store: its format and its bytes (an SVG
 * sanitized). The file name's extension, when it has one of ours, must agree with the content.
 */
export async function inspectLogoFile(originalName: string, content: Buffer): Promise<{ format: LogoFormat; content: Buffer }> {
  if (content.length === 0) throw new LogoFileError('O arquivo está vazio.');
  if (content.length > LOGO_MAX_BYTES) throw new LogoFileError(LOGO_SIZE_MESSAGE, 413);
  const format = sniffLogoFormat(content);
  if (!format) throw new LogoFileError(LOGO_FORMAT_MESSAGE, 415);
  const extension = /\.([a-z0-9]+)$/i.exec(originalName)?.[1]?.toLowerCase();
  if (extension && extension in EXTENSIONS && EXTENSIONS[extension] !== format) {
    throw new LogoFileError(`O conteúdo do arquivo não corresponde à extensão .${extension}.`, 415);
  }
  if (extension && !(extension in EXTENSIONS)) throw new LogoFileError(LOGO_FORMAT_MESSAGE, 415);
  return { format, content: format === 'svg' ? await sanitizeSvg(content) : content };
}

/** Beyond these an SVG is refused before parsing: sanitizing cost grows much faster than the text. */
export const SVG_MAX_DEPTH = 64;
export const SVG_MAX_ELEMENTS = 5_000;
export const SVG_TOO_DEEP_MESSAGE = `SVG complexo demais: no máximo ${SVG_MAX_DEPTH} níveis de elementos aninhados.`;
export const SVG_TOO_MANY_ELEMENTS_MESSAGE = 'SVG complexo demais: no máximo 5.000 elementos.';
export const SVG_TOO_COMPLEX_MESSAGE = 'SVG complexo demais: não foi possível verificá-lo.';
export const SVG_TOO_SLOW_MESSAGE = 'SVG complexo demais: a verificação passou do tempo limite.';

let sanitizeTimeLimitMs = 5_000;

/** Changes how long one SVG may take to sanitize (tests shorten it) and returns the previous limit. */
export function setSvgSanitizeTimeLimit(milliseconds: number): number {
  const previous = sanitizeTimeLimitMs;
  sanitizeTimeLimitMs = milliseconds;
  return previous;
}

/**
 * Refuses an SVG that carries active content (scripts, event handlers, foreign objects, references to
 * anything outside the file), or that is too large a tree to sanitize, and returns the rest cleaned of
 * whatever is not plain SVG drawing. The sanitizing itself (svg-sanitizer.worker.ts) runs in a worker thread.
 */
export async function sanitizeSvg(content: Buffer): Promise<Buffer> {
  const text = content.toString('utf8');
  if (/<!ENTITY/i.test(text)) throw new LogoFileError('O SVG contém declarações de entidades e não pode ser usado.');
  const exceeded = exceededSvgLimit(text, { maxDepth: SVG_MAX_DEPTH, maxElements: SVG_MAX_ELEMENTS });
  if (exceeded === 'depth') throw new LogoFileError(SVG_TOO_DEEP_MESSAGE);
  if (exceeded === 'elements') throw new LogoFileError(SVG_TOO_MANY_ELEMENTS_MESSAGE);
  return Buffer.from(await svgSanitizer.sanitize(text, sanitizeTimeLimitMs), 'utf8');
}

/**
 * The one worker thread that sanitizes SVGs, started on the first SVG (jsdom is heavy and most requests never
 * need it) and kept for the next ones. Requests run one at a time, each under its time limit; a worker that
 * runs past it is terminated and the next SVG starts a fresh one.
 */
class SvgSanitizerThread {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  sanitize(svg: string, timeLimitMs: number): Promise<string> {
    // One at a time, so that a time limit measures this SVG's sanitizing, not the ones queued before it.
    const result = this.queue.then(() => this.run(svg, timeLimitMs));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async run(svg: string, timeLimitMs: number): Promise<string> {
    if (!this.worker) {
      const started = await startSanitizerWorker();
      // A worker that dies while idle must not be handed the next SVG.
      started.once('exit', () => {
        if (this.worker === started) this.worker = null;
      });
      this.worker = started;
    }
    const worker = this.worker;
    const discard = () => {
      if (this.worker === worker) this.worker = null;
      void worker.terminate();
    };
    return new Promise<string>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        worker.off('message', onReply).off('error', onError).off('exit', onExit);
      };
      const onReply = (reply: SvgSanitizeReply) => {
        settle();
        if (reply.ok) resolve(reply.svg);
        else if ('refusal' in reply) reject(new LogoFileError(reply.refusal.message, reply.refusal.status));
        else reject(new Error(`Falha ao sanitizar o SVG: ${reply.failure}`));
      };
      const onError = (error: Error) => {
        settle();
        discard();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        discard();
        reject(new Error(`O processo de sanitização de SVG terminou (código ${code}).`));
      };
      const timer = setTimeout(() => {
        settle();
        discard();
        reject(new LogoFileError(SVG_TOO_SLOW_MESSAGE));
      }, timeLimitMs);
      worker.on('message', onReply).on('error', onError).on('exit', onExit);
      worker.postMessage({ svg } satisfies SvgSanitizeRequest);
    });
  }
}

const svgSanitizer = new SvgSanitizerThread();

/**
 * Starts the sanitizer worker and resolves once it has loaded jsdom, so that loading is not counted in the
 * first SVG's time limit. The worker file sits next to this one: compiled .js in dist/, or the .ts source
 * when the app runs from src/ (Vitest, tsx). A worker thread does not inherit the TypeScript loader and, on
 * Node 20, `--import tsx` in its execArgv does not load the entry through it, so a .ts worker starts from a
 * small script that registers tsx's loader in the thread first.
 */
function startSanitizerWorker(): Promise<Worker> {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./svg-sanitizer.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSource
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
        { eval: true },
      )
    : new Worker(file);
  // An idle worker must not keep the process alive; a request in flight is held by its own timer.
  worker.unref();
  // Errors after start-up reach the request in flight, if any; without a listener one would crash the app.
  worker.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    const onReady = () => {
      worker.off('error', onError).off('exit', onExit);
      resolve(worker);
    };
    const onError = (error: Error) => {
      worker.off('message', onReady).off('exit', onExit);
      void worker.terminate();
      reject(error);
    };
    const onExit = (code: number) => {
      worker.off('message', onReady).off('error', onError);
      reject(new Error(`O processo de sanitização de SVG terminou ao iniciar (código ${code}).`));
    };
    worker.once('message', onReady).once('error', onError).once('exit', onExit);
  });
}
