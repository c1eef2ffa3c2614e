// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to each built file a browser downloads
// (scripts, styles), made once here at the build's pace rather than on every answer: the app serves them with
// @fastify/static's preCompressed, in the encoding the browser accepts. A copy that saves nothing is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files worth compressing: text. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its header costs (the app's threshold too). */
const THRESHOLD = 1024;

function* filesUnder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      // The build's manifests (.vite) are read by the server, never downloaded.
      if (!entry.name.startsWith('.')) yield* filesUnder(path);
    } else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes `file`.br and `file`.gz when they are smaller than it; answers its size and what brotli sends. */
export function precompressFile(file) {
  const bytes = readFileSync(file);
  if (bytes.length < THRESHOLD) return { plain: bytes.length, brotli: bytes.length };
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  return { plain: bytes.length, brotli: Math.min(br.length, bytes.length) };
}

/** Compresses every compressible file under `folder`; answers how many bytes they hold and how many brotli sends. */
export function precompress(folder) {
  let plain = 0;
  let brotli = 0;
  for (const file of filesUnder(folder)) {
    const sizes = precompressFile(file);
    plain += sizes.plain;
    brotli += sizes.brotli;
  }
  return { plain, brotli };
}
