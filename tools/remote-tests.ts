/** Vitest's settings for a remote's tests, beside its code (each remote's vitest.config.ts). */
export const remoteTestSettings = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  environment: 'node',
  pool: 'threads' as const,
  maxWorkers: 2,
};
