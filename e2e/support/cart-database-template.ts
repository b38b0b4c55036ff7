import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeStackPorts, stackEnvironment, stackRemotes } from './stack-env';
import { stackProcesses } from './stack-processes';

/** Where the global setup leaves the template, for every worker (Playwright passes the setup's environment on). */
const TEMPLATE_VARIABLE = 'SHOP_E2E_CART_DATABASE_TEMPLATE';

/**
 * A fresh embedded database costs ~7 s of PGlite's initdb on these two cores, once per stack, and a stack per spec
 * file: most of a stack's start. The real cart-service of this build creates one database (its migrations, its
 * stock) before the first spec; each stack starts from a copy of it, as a fresh install would be after its first
 * start. Reopening a copy costs ~0.7 s.
 */
export async function createCartDatabaseTemplate(): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'shop-e2e-template-'));
  const ports = await freeStackPorts();
  const remotesFile = join(root, 'remotes.json');
  await writeFile(remotesFile, JSON.stringify(stackRemotes(ports)));
  const processes = stackProcesses(ports, { ...stackEnvironment(ports, { remotesFile, dataDir: root }), LOG_LEVEL: 'warn' });
  await processes.start('cart-service');
  await processes.stop('cart-service'); // a clean shutdown: the database is closed before it is copied
  process.env[TEMPLATE_VARIABLE] = join(root, 'cart-data', 'database');
  return () => rm(root, { recursive: true, force: true });
}

/** Puts a copy of the template where a stack's cart-service will open its database (nothing without a template). */
export async function copyCartDatabaseTemplate(cartDataDir: string): Promise<void> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (template) await cp(template, join(cartDataDir, 'database'), { recursive: true });
}
