import type { DOMPurify } from 'dompurify';

/** Upload limit of a logo (SPEC.md section 9). */
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
  const head = content.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
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

const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

type SvgWindow = Window & typeof globalThis;
let purifier: Promise<{ purify: DOMPurify; window: SvgWindow }> | null = null;

/** DOMPurify on a jsdom window, loaded on the first SVG (jsdom is heavy and most requests never need it). */
function svgPurifier(): Promise<{ purify: DOMPurify; window: SvgWindow }> {
  purifier ??= Promise.all([import('dompurify'), import('jsdom')]).then(([{ default: createDOMPurify }, { JSDOM }]) => {
    const window = new JSDOM('').window as unknown as SvgWindow;
    return { purify: createDOMPurify(window), window };
  });
  return purifier;
}

/**
 * Refuses an SVG that carries active content (scripts, event handlers, foreign objects, references to
 * anything outside the file) and returns the rest cleaned of whatever is not plain SVG drawing.
 */
export async function sanitizeSvg(content: Buffer): Promise<Buffer> {
  const text = content.toString('utf8');
  if (/<!ENTITY/i.test(text)) throw new LogoFileError('O SVG contém declarações de entidades e não pode ser usado.');
  const { purify, window } = await svgPurifier();
  const dangers: string[] = [];
  purify.removeAllHooks();
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (ACTIVE_ELEMENTS.has(data.tagName)) dangers.push(data.tagName);
    if (data.tagName === 'style' && /@import|url\(\s*['"]?(?!#)/i.test(node.textContent ?? '')) dangers.push('style');
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name.startsWith('on')) dangers.push(name);
    else if ((name === 'href' || name === 'xlink:href' || name === 'src') && !value.startsWith('#') && !SAFE_DATA_IMAGE.test(value)) {
      dangers.push(name);
      data.keepAttr = false;
    } else if (name === 'style' && /url\(\s*['"]?(?!#)/i.test(value)) {
      dangers.push(name);
      data.keepAttr = false;
    }
  });
  try {
    const body = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM: true }) as HTMLElement;
    if (dangers.length > 0) throw new LogoFileError('O SVG contém scripts, eventos ou referências externas e não pode ser usado.');
    const svg = body.querySelector('svg');
    if (!svg) throw new LogoFileError(LOGO_FORMAT_MESSAGE, 415);
    const serializer = new window.XMLSerializer();
    return Buffer.from(`${serializer.serializeToString(svg)}\n`, 'utf8');
  } finally {
    purify.removeAllHooks();
  }
}
