import { defineConfig } from 'vitest/config';
import { remoteTestSettings } from '../tools/remote-tests';

// Role queries over the whole header are slow in jsdom on a busy two-core machine.
export default defineConfig({ test: { ...remoteTestSettings, testTimeout: 20_000 } });
