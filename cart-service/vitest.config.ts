import { defineConfig } from 'vitest/config';

// The machine has 2 cores: at most two test files run at once, each in its own forked process
// (HTTP servers and redis-server children are per file, on free loopback ports).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    teardownTimeout: 10_000,
  },
});
