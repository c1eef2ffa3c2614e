#!/usr/bin/env node
// Builds the server (nest build → dist/), the back office's client and the public site's (vite → build/client)
// and the SSR bundle (vite --ssr → build/ssr). With --if-needed it skips the work when the sources have not changed since the
// last build, so `npm start` and `npm test` build only on a fresh clone or after a change.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'build', '.sources-hash');
const outputs = ['dist/main.js', 'build/client/.vite/manifest.json', 'build/client/.vite/public-manifest.json', 'build/ssr/ssr.js'];
const inputs = ['src', 'resources', 'scripts/build.mjs', 'scripts/precompress.mjs', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];
// Written by the build itself (from the built server) and erased from the bundles: not a source of them.
const generated = ['resources/js/lib/api-schema.d.ts'];

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).filter((file) => !generated.includes(file.split('\\').join('/'))))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`Build failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

const hash = sourcesHash();
const upToDate = outputs.every((file) => existsSync(join(root, file))) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
if (process.argv.includes('--if-needed') && upToDate) process.exit(0);

console.log('Building the server, the client and the SSR bundle...');
const bin = (name) => join(root, 'node_modules', '.bin', name);
run(bin('nest'), ['build']);
run(bin('vite'), ['build', '--logLevel', 'warn']);
run(bin('vite'), ['build', '--mode', 'public', '--logLevel', 'warn']);
run(bin('vite'), ['build', '--ssr', '--logLevel', 'warn']);
// Each built script and style also as .br and .gz, served in the encoding the browser accepts (scripts/precompress.mjs).
precompress(join(root, 'build', 'client'));
// The back office's API types, from the document of the server just built (scripts/api-types.mjs).
run(process.execPath, [join(root, 'scripts', 'api-types.mjs')]);
mkdirSync(join(root, 'build'), { recursive: true });
writeFileSync(stampFile, hash);
