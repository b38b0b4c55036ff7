import type { Page } from '@playwright/test';

/**
 * Every console error or warning of the page, and every uncaught error, as they come. Left out: a 404 a page asks for
 * on purpose (an unknown order), and Chromium's note on a preload not used within a few seconds.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/status of 404/.test(message.text()) || /preloaded using link preload/.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
