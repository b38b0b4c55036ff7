import { defineConfig } from 'vitest/config';
import { remoteTestSettings } from '../tools/remote-tests';

export default defineConfig({ test: remoteTestSettings });
