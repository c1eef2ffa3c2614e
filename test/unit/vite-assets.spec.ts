import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManifestAssets } from '../../src/inertia/vite-assets.js';

function manifestFile(content: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'agromaq-manifest-')), 'manifest.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const manifest = {
  'resources/js/app.tsx': { file: 'assets/app-1.js', isEntry: true, css: ['assets/app-1.css'], imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  'resources/js/pages/Public/Home.tsx': { file: 'assets/Home-1.js', imports: ['_Logo.js'], css: ['assets/Home-1.css'] },
  '_Logo.js': { file: 'assets/Logo-1.js' },
  'resources/js/public.tsx': { file: 'assets/public-1.js', isEntry: true, imports: ['_vendor.js'] },
};

describe('Vite manifest assets', () => {
  it('uses a hash of the manifest as a non-empty string version that changes with the build', () => {
    const first = new ManifestAssets([manifestFile(manifest)]).version();
    const changed = new ManifestAssets([manifestFile({ ...manifest, '_vendor.js': { file: 'assets/vendor-2.js' } })]).version();
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(changed).not.toBe(first);
  });

  it('links the entry script and CSS, and preloads the page chunk with its imports', () => {
    const tags = new ManifestAssets([manifestFile(manifest)]).tags('Public/Home');
    expect(tags).toEqual([
      '<link rel="stylesheet" href="/build/assets/app-1.css">',
      '<link rel="stylesheet" href="/build/assets/Home-1.css">',
      '<link rel="modulepreload" href="/build/assets/vendor-1.js">',
      '<link rel="modulepreload" href="/build/assets/Home-1.js">',
      '<link rel="modulepreload" href="/build/assets/Logo-1.js">',
      '<script type="module" src="/build/assets/app-1.js"></script>',
    ]);
  });

  it("loads the entry named for the component: the public pages their own, without the back office's", () => {
    const entryFor = (component: string) => (component.startsWith('Public/') ? 'resources/js/public.tsx' : 'resources/js/app.tsx');
    const tags = new ManifestAssets([manifestFile(manifest)], { entryFor }).tags('Public/Home');
    expect(tags).toEqual([
      '<link rel="stylesheet" href="/build/assets/Home-1.css">',
      '<link rel="modulepreload" href="/build/assets/vendor-1.js">',
      '<link rel="modulepreload" href="/build/assets/Home-1.js">',
      '<link rel="modulepreload" href="/build/assets/Logo-1.js">',
      '<script type="module" src="/build/assets/public-1.js"></script>',
    ]);
    expect(new ManifestAssets([manifestFile(manifest)], { entryFor }).tags('Admin/Login').at(-1)).toBe(
      '<script type="module" src="/build/assets/app-1.js"></script>',
    );
  });

  it('prints the stylesheets of the pages it is told to inline in a style tag, read from the build', () => {
    const file = manifestFile(manifest);
    const client = join(file, '..');
    mkdirSync(join(client, 'assets'));
    writeFileSync(join(client, 'assets', 'app-1.css'), 'body{color:red}');
    writeFileSync(join(client, 'assets', 'Home-1.css'), '.hero{color:green}');
    // The manifest lies in the client build's .vite folder.
    mkdirSync(join(client, '.vite'));
    writeFileSync(join(client, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const assets = new ManifestAssets([join(client, '.vite', 'manifest.json')], { inlineStyles: (component) => component.startsWith('Public/') });
    expect(assets.tags('Public/Home').slice(0, 2)).toEqual(['<style>body{color:red}</style>', '<style>.hero{color:green}</style>']);
    expect(assets.tags('Admin/Login')[0]).toBe('<link rel="stylesheet" href="/build/assets/app-1.css">');
  });

  it('preloads nothing for the pages whose entry fetches its code after the first paint', () => {
    const tags = new ManifestAssets([manifestFile(manifest)], { preload: (component) => !component.startsWith('Public/') }).tags('Public/Home');
    expect(tags.filter((tag) => tag.includes('modulepreload'))).toEqual([]);
    expect(tags.at(-1)).toBe('<script type="module" src="/build/assets/app-1.js"></script>');
  });

  it("reads the back office's and the public site's manifests as one, and changes the version when either does", () => {
    const admin = { 'resources/js/app.tsx': manifest['resources/js/app.tsx'], '_vendor.js': manifest['_vendor.js'] };
    const site = {
      'resources/js/public.tsx': { file: 'assets/public-1.js', isEntry: true, imports: ['_preact.js'] },
      '_preact.js': { file: 'assets/preact-1.js' },
      'resources/js/pages/Public/Home.tsx': manifest['resources/js/pages/Public/Home.tsx'],
      '_Logo.js': manifest['_Logo.js'],
    };
    const entryFor = (component: string) => (component.startsWith('Public/') ? 'resources/js/public.tsx' : 'resources/js/app.tsx');
    const both = new ManifestAssets([manifestFile(admin), manifestFile(site)], { entryFor });
    expect(both.tags('Public/Home')).toEqual([
      '<link rel="stylesheet" href="/build/assets/Home-1.css">',
      '<link rel="modulepreload" href="/build/assets/preact-1.js">',
      '<link rel="modulepreload" href="/build/assets/Home-1.js">',
      '<link rel="modulepreload" href="/build/assets/Logo-1.js">',
      '<script type="module" src="/build/assets/public-1.js"></script>',
    ]);
    expect(both.tags('Admin/Login').at(-1)).toBe('<script type="module" src="/build/assets/app-1.js"></script>');
    const siteChanged = new ManifestAssets([manifestFile(admin), manifestFile({ ...site, '_preact.js': { file: 'assets/preact-2.js' } })], { entryFor });
    expect(siteChanged.version()).not.toBe(both.version());
    expect(() => new ManifestAssets([manifestFile(admin), '/nowhere/public-manifest.json'])).toThrow('run "npm run build" first');
  });

  it('says how to build when the manifest is missing', () => {
    expect(() => new ManifestAssets(['/nowhere/manifest.json'])).toThrow('run "npm run build" first');
  });
});
