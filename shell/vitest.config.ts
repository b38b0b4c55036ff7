import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'shared/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
  },
});
