import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { AssetProvider, PageObject, SsrRenderer, SsrResult } from './inertia.types.js';

export const CLIENT_ENTRY = 'resources/js/app.tsx';
/** The public site's own entry: it hydrates the server-rendered pages without Inertia's client (no admin code). */
export const PUBLIC_ENTRY = 'resources/js/public.tsx';
export const SSR_ENTRY = 'resources/js/ssr.tsx';
const PAGES_DIR = 'resources/js/pages';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** Which client entry loads a page component. */
export type EntryFor = (component: string) => string;

export interface ManifestAssetsOptions {
  /** The entry of each page component; the back office's Inertia app by default. */
  entryFor?: EntryFor;
  /**
   * Pages whose stylesheets are printed inline in the head, so no request blocks their first paint (the public
   * site's, small and built from its own sources).
   */
  inlineStyles?: (component: string) => boolean;
  /**
   * Whether a page's chunk and the entry's imports are preloaded (modulepreload); not for the public site, whose
   * entry fetches them itself once the page is painted.
   */
  preload?: (component: string) => boolean;
  base?: string;
}

/**
 * Script and style tags from the built client's Vite manifests (the back office's and the public site's builds
 * write one each into the same folder); the version is their hash. Each page loads the entry `entryFor` names
 * (the admin's Inertia app unless told otherwise) and its own chunk.
 */
export class ManifestAssets implements AssetProvider {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly hash: string;
  private readonly entryFor: EntryFor;
  private readonly inlineStyles: (component: string) => boolean;
  private readonly preload: (component: string) => boolean;
  private readonly base: string;
  /** The built client's folder (the manifests are in its .vite/). */
  private readonly root: string;
  private readonly styleText = new Map<string, string>();

  constructor(manifestPaths: readonly string[], options: ManifestAssetsOptions = {}) {
    this.entryFor = options.entryFor ?? (() => CLIENT_ENTRY);
    this.inlineStyles = options.inlineStyles ?? (() => false);
    this.preload = options.preload ?? (() => true);
    this.base = options.base ?? '/build/';
    this.root = dirname(dirname(manifestPaths[0]));
    const hash = createHash('sha256');
    this.manifest = {};
    for (const path of manifestPaths) {
      if (!existsSync(path)) throw new Error(`The client build is missing (${path}): run "npm run build" first`);
      const raw = readFileSync(path, 'utf8');
      hash.update(raw);
      // A chunk's key names its content's hash, so a key both builds hold is the same file.
      Object.assign(this.manifest, JSON.parse(raw) as Record<string, ManifestChunk>);
    }
    this.hash = hash.digest('hex').slice(0, 16);
    if (!this.manifest[CLIENT_ENTRY]) throw new Error(`${manifestPaths.join(', ')} have no entry for ${CLIENT_ENTRY}`);
  }

  version(): string {
    return this.hash;
  }

  tags(component: string): string[] {
    const entry = this.entryFor(component);
    if (!this.manifest[entry]) throw new Error(`The client build has no entry for ${entry}`);
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const visit = (key: string, seen: Set<string>) => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      chunk.css?.forEach((file) => styles.add(file));
      chunk.imports?.forEach((imported) => {
        preloads.add(this.manifest[imported]?.file ?? '');
        visit(imported, seen);
      });
    };
    visit(entry, new Set());
    const page = this.manifest[`${PAGES_DIR}/${component}.tsx`];
    if (page) {
      preloads.add(page.file);
      visit(`${PAGES_DIR}/${component}.tsx`, new Set());
    }
    preloads.delete('');
    preloads.delete(this.manifest[entry].file);
    const inline = this.inlineStyles(component);
    if (!this.preload(component)) preloads.clear();
    return [
      ...[...styles].map((file) => (inline ? `<style>${this.style(file)}</style>` : `<link rel="stylesheet" href="${this.base}${file}">`)),
      ...[...preloads].map((file) => `<link rel="modulepreload" href="${this.base}${file}">`),
      `<script type="module" src="${this.base}${this.manifest[entry].file}"></script>`,
    ];
  }

  /** A built stylesheet's text, read once. */
  private style(file: string): string {
    let text = this.styleText.get(file);
    if (text === undefined) {
      text = readFileSync(join(this.root, file), 'utf8');
      this.styleText.set(file, text);
    }
    return text;
  }
}

/** In development the Vite dev server serves the sources with hot reload. */
export class ViteDevAssets implements AssetProvider {
  /** `vite` is read when needed: the dev server is created after the Nest app, on its HTTP server. */
  constructor(
    private readonly vite: () => ViteDevServer,
    private readonly entryFor: EntryFor = () => CLIENT_ENTRY,
  ) {}

  version(): string {
    return 'development';
  }

  tags(component: string): string[] {
    return [`<script type="module" src="/${this.entryFor(component)}"></script>`];
  }

  transformHtml(url: string, html: string): Promise<string> {
    return this.vite().transformIndexHtml(url, html);
  }
}

type SsrEntry = { default: (page: PageObject) => SsrResult | Promise<SsrResult> };

/** The built SSR bundle, imported once when the app starts. */
export class BundleSsr implements SsrRenderer {
  private constructor(private readonly entry: SsrEntry) {}

  static async load(bundlePath: string): Promise<BundleSsr> {
    if (!existsSync(bundlePath)) throw new Error(`The SSR bundle is missing (${bundlePath}): run "npm run build" first`);
    return new BundleSsr((await import(pathToFileURL(bundlePath).href)) as SsrEntry);
  }

  async render(page: PageObject): Promise<SsrResult> {
    return this.entry.default(page);
  }
}

/** In development the SSR entry is loaded through Vite, so server rendering follows source changes. */
export class ViteDevSsr implements SsrRenderer {
  constructor(private readonly vite: () => ViteDevServer) {}

  async render(page: PageObject): Promise<SsrResult> {
    const entry = (await this.vite().ssrLoadModule(`/${SSR_ENTRY}`)) as SsrEntry;
    return entry.default(page);
  }
}
