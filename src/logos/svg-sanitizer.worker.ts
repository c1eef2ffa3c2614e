/**
 * Sanitizes SVGs with DOMPurify on jsdom inside a worker thread, so that a costly document can only delay
 * this thread (which the app terminates when it runs past its time limit), never the event loop.
 * Started by logo-file.ts; answers { ready: true } once jsdom is loaded, then one reply per request.
 */
import { parentPort } from 'node:worker_threads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { LOGO_FORMAT_MESSAGE, LogoFileError, SVG_TOO_COMPLEX_MESSAGE } from './logo-file.js';

export interface SvgSanitizeRequest {
  svg: string;
}

export type SvgSanitizeReply =
  | { ok: true; svg: string }
  /** The SVG is refused: a LogoFileError to raise in the app. */
  | { ok: false; refusal: { message: string; status: number } }
  /** Sanitizing failed for another reason: a server error. */
  | { ok: false; failure: string };

const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

type SvgWindow = Window & typeof globalThis;
const window = new JSDOM('').window as unknown as SvgWindow;
const purify = createDOMPurify(window);

/**
 * Refuses an SVG that carries active content (scripts, event handlers, foreign objects, references to
 * anything outside the file) and returns the rest cleaned of whatever is not plain SVG drawing.
 */
function sanitize(text: string): string {
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
    return `${serializer.serializeToString(svg)}\n`;
  } finally {
    purify.removeAllHooks();
  }
}

function reply(request: SvgSanitizeRequest): SvgSanitizeReply {
  try {
    return { ok: true, svg: sanitize(request.svg) };
  } catch (error) {
    if (error instanceof LogoFileError) return { ok: false, refusal: { message: error.message, status: error.status } };
    // jsdom and DOMPurify recurse over the tree: a tree too deep for the stack is the document's fault.
    if (error instanceof Error && error.name === 'RangeError') return { ok: false, refusal: { message: SVG_TOO_COMPLEX_MESSAGE, status: 400 } };
    return { ok: false, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

if (!parentPort) throw new Error('svg-sanitizer.worker runs only as a worker thread, started by logo-file.ts.');
const port = parentPort;
port.on('message', (request: SvgSanitizeRequest) => port.postMessage(reply(request)));
port.postMessage({ ready: true });
