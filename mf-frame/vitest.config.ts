import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
    // Role queries over the whole header are slow in jsdom on a busy two-core machine.
    testTimeout: 20_000,
  },
});
