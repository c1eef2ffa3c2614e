/** Types of scripts/precompress.mjs, for the benchmark (TypeScript) that uses it. */
export interface Sizes {
  plain: number;
  brotli: number;
}
export function precompressFile(file: string): Sizes;
export function precompress(folder: string): Sizes;
