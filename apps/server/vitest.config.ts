import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Password hashing (scrypt) and fresh PostgreSQL databases take a moment per test file.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
