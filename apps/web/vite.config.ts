import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageHtml } from './build-tools/page-html';
import { precompress } from './build-tools/precompress';
import { trimDependencies } from './build-tools/trim-dependencies';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // Anchored to this folder so the config behaves the same from the repo root or from apps/web.
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    // The marketing pages' own index.html, preloading their chunk (decision 021). The paths are
    // the router's marketing routes; /pricing only redirects to /business.
    pageHtml([
      { paths: ['/business', '/features', '/how-it-works-user'], area: 'src/app/areas/marketing-area.tsx' },
    ]),
    precompress(),
    trimDependencies(),
  ],
  resolve: {
    alias: { '@': resolve(import.meta.dirname, 'src') },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/hubs': { target: apiTarget, changeOrigin: true, ws: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
      '/readyz': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, for the bundle budget (bench:bundle).
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. No
        // catch-all vendor chunk: it would put every page's libraries (Stripe's among them) in
        // the first download; each library goes with the pages that use it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
      treeshake: {
        // The contracts only define schemas and constants; their one side effect, `.meta()`
        // naming a schema in zod's registry for the server's OpenAPI document, means nothing in
        // a browser. Saying so lets the bundler leave the modules a page does not use (the
        // admin and business schemas) out of the first download.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
        // The same within a module a page uses: a schema nothing reads (a chain of zod calls,
        // which the bundler otherwise keeps in case they do something) is left out. It holds for
        // any call through a name `z`; built with and without it, only the contracts' and zod's
        // own code differed (issue 37).
        manualPureFunctions: ['z'],
      },
    },
  },
});
