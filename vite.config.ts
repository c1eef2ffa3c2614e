import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// One config for the client bundle (build/client, with a manifest the server reads) and the SSR bundle
// (build/ssr, imported once by the Nest process). Both are served under /build/.
export default defineConfig(({ command, isSsrBuild }) => ({
  // Built files are served under /build/; the dev server serves the sources from the root.
  base: command === 'build' ? '/build/' : '/',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  // The client imports server code only from src/shared (page-prop types, Brazilian document rules), as @shared/...
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)), '@': fileURLToPath(new URL('./resources/js', import.meta.url)) } },
  build: isSsrBuild
    ? { outDir: 'build/ssr', emptyOutDir: true, target: 'node20', rollupOptions: { input: 'resources/js/ssr.tsx', output: { entryFileNames: 'ssr.js' } } }
    : // Two entries: the back office's Inertia app, and the public site's own (no Inertia client, no admin code).
      { outDir: 'build/client', emptyOutDir: true, manifest: true, rollupOptions: { input: ['resources/js/app.tsx', 'resources/js/public.tsx'] } },
}));
