import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    // Only the benchmarks' own algorithms; the benchmarks themselves are run by hand.
    include: ['*.test.ts'],
    environment: 'node',
  },
});
