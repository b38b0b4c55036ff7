import { defineConfig } from 'vitest/config';

// The machine has 2 cores: at most two test files run at once, each in its own forked process (HTTP servers per
// file, on free loopback ports). One real PostgreSQL server and the migrated templates are set up once per run.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    globalSetup: ['./src/test-support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    teardownTimeout: 10_000,
  },
});
