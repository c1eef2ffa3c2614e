import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';

// The public site runs on Preact through its React compatibility layer: the same components, a tenth of the
// runtime for a farmer's phone. Its server rendering uses Preact too, so what the browser hydrates is what
// Preact itself drew. The back office stays on React. The development server serves everything on React.
const onPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// Three builds, all served under /build/ (scripts/build.mjs runs them in this order):
// - `vite build`: the back office's Inertia app (build/client, .vite/manifest.json);
// - `vite build --mode public`: the public site's entry, into the same folder with its own manifest
//   (.vite/public-manifest.json); the server reads both;
// - `vite build --ssr`: the public pages' server rendering (build/ssr), imported once by the Nest process, with
//   every dependency bundled so that they all see Preact.
export default defineConfig(({ command, mode, isSsrBuild }) => {
  const publicSite = isSsrBuild || mode === 'public';
  const paths: Alias[] = [
    // The client imports server code only from src/shared (page-prop types, Brazilian document rules), as @shared/...
    { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
    { find: '@', replacement: fileURLToPath(new URL('./resources/js', import.meta.url)) },
  ];
  return {
    // Built files are served under /build/; the dev server serves the sources from the root.
    base: command === 'build' ? '/build/' : '/',
    publicDir: false,
    plugins: [react(), tailwindcss()],
    resolve: { alias: command === 'build' && publicSite ? [...paths, ...onPreact] : paths },
    ssr: isSsrBuild ? { noExternal: true } : undefined,
    build: isSsrBuild
      ? { outDir: 'build/ssr', emptyOutDir: true, target: 'node20', rollupOptions: { input: 'resources/js/ssr.tsx', output: { entryFileNames: 'ssr.js' } } }
      : mode === 'public'
        ? { outDir: 'build/client', emptyOutDir: false, manifest: '.vite/public-manifest.json', rollupOptions: { input: ['resources/js/public.tsx'] } }
        : { outDir: 'build/client', emptyOutDir: true, manifest: true, rollupOptions: { input: ['resources/js/app.tsx'] } },
  };
});
