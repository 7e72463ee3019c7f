import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Started either from apps/web or from the repo root (`projects: ['packages/*', 'apps/*']`),
// so every path is resolved from this file's folder.
export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: { '@': resolve(import.meta.dirname, 'src') },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [resolve(import.meta.dirname, 'src/test/setup.ts')],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
