import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

// Each journey starts its own real stack (cart-service, three remote servers, shell) on free ports.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The database every stack's cart-service starts from, made once by the real cart-service (support/cart-database-template.ts).
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two cores: one worker keeps the stacks and Chromium from fighting for CPU.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  forbidOnly: !!process.env.CI,
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    locale: 'fr-MA',
  },
});
