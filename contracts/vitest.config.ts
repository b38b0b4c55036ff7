import { defineConfig } from 'vitest/config';

// Node by default; a test of browser behaviour says `@vitest-environment jsdom` in its first comment.
export default defineConfig({ test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } });
