import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import { header, requestUrl, type HttpReply, type HttpRequest } from '../common/http/http.js';
import { FlashStore, type FlashData } from './flash.js';
import { INERTIA_OPTIONS } from './inertia.constants.js';
import { InertiaResponse } from './inertia-response.js';
import type { InertiaOptions, PageObject } from './inertia.types.js';
import { BoundedCache } from '../common/bounded-cache.js';
import { EncodedBody } from '../common/http/encoded-body.js';
import { resolveProps, type PartialRequest } from './props.js';
import { XsrfTokens } from './xsrf.js';

export type SharedPropsResolver = (req: HttpRequest) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface RenderedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | PageObject;
}

export function isInertiaRequest(req: HttpRequest): boolean {
  return header(req, 'x-inertia') === 'true';
}

/** Builds page objects and answers them as HTML (first visit) or JSON (Inertia visit). */
@Injectable()
export class InertiaService {
  readonly flash: FlashStore;
  readonly xsrf: XsrfTokens;
  private readonly sharedResolvers: SharedPropsResolver[] = [];
  private template: string | null = null;
  /** The server-rendered documents of the public pages (a few dozen pages and their variants), encoded. */
  private readonly documents = new BoundedCache<string, EncodedBody>(200);

  constructor(@Inject(INERTIA_OPTIONS) private readonly options: InertiaOptions) {
    this.flash = new FlashStore(options.secret, options.secureCookies);
    this.xsrf = new XsrfTokens(options.secret, options.secureCookies, options.sessionCookie);
  }

  /** Adds props every page receives (the logged-in admin, for instance); later resolvers win on a clash. */
  share(resolver: SharedPropsResolver): void {
    this.sharedResolvers.push(resolver);
  }

  version(): string {
    return this.options.assets.version();
  }

  isApiPath(path: string): boolean {
    return this.options.isApiPath(path);
  }

  /** Flashes data for the next page and redirects (303, so the browser follows with a GET). */
  redirectWithFlash(res: HttpReply, location: string, data: FlashData): void {
    this.flash.write(res, data);
    void res.redirect(location, 303);
  }

  /**
   * Answers a failed form submission the Inertia way: the errors (one message per field) are flashed,
   * nested under the error bag the client named, and the browser goes back to the form's page.
   */
  redirectBackWithErrors(req: HttpRequest, res: HttpReply, errors: Record<string, string>): void {
    const bag = header(req, 'x-inertia-error-bag');
    this.redirectWithFlash(res, this.backUrl(req), { errors: bag ? { [bag]: errors } : errors });
  }

  /** The page the request came from, when it is on this site; else the home page. */
  backUrl(req: HttpRequest): string {
    const referer = header(req, 'referer');
    if (!referer) return '/';
    try {
      const url = new URL(referer);
      return url.host === header(req, 'host') ? `${url.pathname}${url.search}` : '/';
    } catch {
      return '/';
    }
  }

  async render(req: HttpRequest, res: HttpReply, response: InertiaResponse, status = 200): Promise<RenderedResponse> {
    if (isInertiaRequest(req) && this.options.wholeDocument?.(response.component)) {
      // A page the browser always loads whole: the client's visit becomes a full page load of this URL (its flash
      // kept for it), as for a version conflict: 409, no X-Inertia header, no body.
      return { status: 409, headers: { 'X-Inertia-Location': `${req.protocol}://${header(req, 'host')}${requestUrl(req)}` }, body: '' };
    }
    const page = await this.pageObject(req, response);
    if (this.flash.isPresent(req)) this.flash.clear(res);
    this.xsrf.ensure(req, res);
    if (isInertiaRequest(req)) {
      return { status, headers: { 'X-Inertia': 'true', 'Content-Type': 'application/json; charset=utf-8' }, body: page };
    }
    const document = await this.html(req, page);
    if (!(document instanceof EncodedBody)) return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: document };
    // A remembered document goes out in the compressed form the browser accepts, made once for every visitor.
    const { body, encoding } = await document.answer(header(req, 'accept-encoding'));
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', Vary: 'X-Inertia, Accept-Encoding' };
    if (encoding) headers['Content-Encoding'] = encoding;
    return { status, headers, body };
  }

  async pageObject(req: HttpRequest, response: InertiaResponse): Promise<PageObject> {
    const flashed = this.flash.read(req);
    const shared: Record<string, unknown> = {};
    for (const resolver of this.sharedResolvers) Object.assign(shared, await resolver(req));

    const partial = this.partialRequest(req, response.component);
    const { props, deferredProps } = await resolveProps({ ...shared, ...response.props }, partial);
    props.errors = flashed.errors ?? {};

    const page: PageObject = {
      component: response.component,
      props: props as PageObject['props'],
      url: requestUrl(req),
      version: this.version(),
      flash: flashed.flash ?? {},
    };
    const sharedKeys = Object.keys(shared).filter((key) => key in props);
    if (sharedKeys.length > 0) page.sharedProps = sharedKeys;
    if (deferredProps) page.deferredProps = deferredProps;
    if (response.options.encryptHistory || this.options.encryptHistoryFor?.(response.component)) page.encryptHistory = true;
    if (response.options.clearHistory) page.clearHistory = true;
    return page;
  }

  /**
   * The page as a full HTML document, encoded in UTF-8: server-rendered for the public pages, else mounted by the
   * client. A server-rendered document is a pure function of the page object (component, props, URL, version),
   * so it is remembered whole under a hash of the page's JSON: a page whose data changed has another key, and
   * anonymous visitors of the public pages share one document. It is kept and sent as bytes, not as the string it
   * was built from: a string joined from pieces (the template around the rendering) was measured and encoded again
   * by Node.js on every answer, about 1 ms of CPU for the 80 KB home page (Buffer.byteLength walks a string that is
   * not flat character by character), which made `/` cost six times a static file of its size. A remembered document is an EncodedBody: it keeps its
   * compressed forms too.
   */
  async html(req: HttpRequest, page: PageObject): Promise<Buffer | EncodedBody> {
    const ssr = this.options.ssr && this.options.ssrFor(page.component) ? this.options.ssr : null;
    const json = pageJson(page);
    const key = ssr && !this.options.assets.transformHtml ? createHash('sha256').update(json).digest('base64') : null;
    const cached = key === null ? undefined : this.documents.get(key);
    if (cached) return cached;
    let head: string[] = [];
    let body: string | null = null;
    if (ssr) {
      try {
        ({ head, body } = await ssr.render(page));
      } catch (error) {
        this.options.onSsrError(error, page.component);
        head = [];
        body = null;
      }
    }
    const rendered = body !== null;
    if (body === null) {
      head = [`<title>${escapeHtml(this.options.titleFor(page.url, page.props))}</title>`];
      body = `<script data-page="app" type="application/json">${json}</script><div id="app"></div>`;
    }
    const html = this.rootTemplate()
      .replace('<!--app-head-->', () => [...head, ...this.options.assets.tags(page.component)].join('\n    '))
      .replace('<!--app-body-->', () => body);
    const document = Buffer.from(this.options.assets.transformHtml ? await this.options.assets.transformHtml(requestUrl(req), html) : html);
    // A failed rendering is not remembered: the next visitor's request tries again.
    if (key === null || !rendered) return document;
    const remembered = new EncodedBody(document);
    this.documents.set(key, remembered);
    return remembered;
  }

  private rootTemplate(): string {
    this.template ??= readFileSync(this.options.rootView, 'utf8');
    return this.template;
  }

  private partialRequest(req: HttpRequest, component: string): PartialRequest | null {
    if (!isInertiaRequest(req) || header(req, 'x-inertia-partial-component') !== component) return null;
    const only = headerList(header(req, 'x-inertia-partial-data'));
    const except = headerList(header(req, 'x-inertia-partial-except'));
    return only || except ? { only, except } : null;
  }
}

function headerList(value: string | undefined): string[] | null {
  if (!value) return null;
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return list.length > 0 ? list : null;
}

/** JSON that is safe inside <script>: no `</script>` or `<!--` can be formed by the data. */
export function pageJson(page: PageObject): string {
  return JSON.stringify(page).replace(/\//g, '\\/').replace(/</g, '\\u003c');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
