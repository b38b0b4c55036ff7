import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['console/**/*.test.{ts,tsx}', 'beacons/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
  },
});
