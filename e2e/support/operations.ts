import { spawn } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { resealRelease } from './reseal-release';
import { repoRoot } from './stack-processes';

/** Operators of the e2e stacks, with passwords that satisfy the console's rule. */
export const OPERATORS = {
  amina: 'mot-de-passe-amina-2026',
  youssef: 'mot-de-passe-youssef-2026',
  nadia: 'mot-de-passe-nadia-2026',
  karim: 'mot-de-passe-karim-2026',
  salma: 'mot-de-passe-salma-2026',
  omar: 'mot-de-passe-omar-2026',
} as const;
export type OperatorName = keyof typeof OPERATORS;

/**
 * Adds an operator the way the README says: the command, the password on its stdin (never on the command line); with
 * `roles`, only those (`--role`), else every role.
 */
export async function addOperatorWithCommand(name: OperatorName, env: Record<string, string>, roles: readonly string[] = []): Promise<string> {
  const child = spawn('npx', ['tsx', 'server/cli/operators-cli.ts', 'add', name, ...roles.flatMap((role) => ['--role', role])], {
    cwd: join(repoRoot, 'release-control'),
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(`${OPERATORS[name]}\n`);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`operators add ${name} exited ${code}: ${err}`);
  return out.trim();
}

/**
 * A release of mf-cart that does not fit the shell, as a careless pipeline could publish it: the good release's files
 * with one of its files changed by `patch` (its manifest, unless named), then sealed again as its build would.
 */
export async function publishFlawedCartRelease(version: string, patch: (manifest: FlawedManifest) => void): Promise<() => Promise<void>> {
  return publishChangedCartRelease<FlawedManifest>(version, 'mf-manifest.json', patch);
}

/**
 * A release of mf-cart built by a team that forgot some Arabic words: its `mf-messages.json` (what its build writes
 * from its message files, decision 036) without `keys` in Arabic.
 */
export async function publishUntranslatedCartRelease(version: string, keys: readonly string[]): Promise<() => Promise<void>> {
  return publishChangedCartRelease<{ keys: Record<string, string[]> }>(version, 'mf-messages.json', (messages) => {
    messages.keys['ar-MA'] = messages.keys['ar-MA']!.filter((key) => !keys.includes(key));
  });
}

async function publishChangedCartRelease<File>(version: string, file: string, patch: (content: File) => void): Promise<() => Promise<void>> {
  const dist = join(repoRoot, 'mf-cart', 'dist');
  await rm(join(dist, version), { recursive: true, force: true });
  await cp(join(dist, '1.0.0'), join(dist, version), { recursive: true });
  const path = join(dist, version, file);
  const content = JSON.parse(await readFile(path, 'utf8')) as File;
  patch(content);
  await writeFile(path, JSON.stringify(content));
  resealRelease(join(dist, version));
  return () => rm(join(dist, version), { recursive: true, force: true });
}

export interface FlawedManifest {
  exposes: Array<{ name: string; path: string }>;
  shared: Array<{ name: string; requiredVersion: string }>;
}

/** Logs in on the console's login page, as an operator would. */
export async function logIn(page: Page, baseUrl: string, name: OperatorName): Promise<void> {
  await page.goto(`${baseUrl}/operations`);
  await expect(page).toHaveURL(/\/operations\/login$/);
  await page.getByLabel('Nom d’opérateur').fill(name);
  await page.getByLabel('Mot de passe').fill(OPERATORS[name]);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/operations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Console des opérations' })).toBeVisible();
}

/** The console's card of one remote. */
export const remoteCard = (page: Page, remote: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: remote, exact: true }) });
