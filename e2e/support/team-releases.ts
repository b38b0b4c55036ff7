import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RemoteName } from '@shop/contracts/remotes';
import { resealRelease } from './reseal-release';
import { repoRoot } from './stack-processes';

const run = promisify(execFile);

/** A team token made with the README's command (`teams add <name> <remote>`): what the team's CI is given. */
export async function addTeamWithCommand(name: string, remote: RemoteName, env: Record<string, string>): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/cli/teams-cli.ts', 'add', name, remote], { cwd: join(repoRoot, 'release-control'), env: { ...process.env, ...env } });
  return stdout.trim();
}

/** What `pnpm release:check` in mf-cart printed and how it ended, run as a team's CI runs it (token in the environment). */
export async function cartReleaseCheck(token: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'release:check', '--', ...args], {
      cwd: join(repoRoot, 'mf-cart'),
      env: { ...process.env, SHOP_TEAM_TOKEN: token },
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The release's server build throws while rendering the cart button (its browser build is intact). */
export async function breakCartButtonOnServer(version: string): Promise<void> {
  const path = join(repoRoot, 'mf-cart', 'dist', version, 'ssr', '__federation_expose_CartDropdownmf_cart.js');
  const code = await readFile(path, 'utf8');
  const exported = /"default": \(\) => \(\/\* (?:reexport|binding) \*\/ ([A-Za-z_$][\w$]*)\)/.exec(code)?.[1];
  if (!exported) throw new Error(`no default export in ${path}`);
  // The exposed module is the component in its words (`const cart_dropdown = part(CartDropdown, [cartWords])`): the
  // component throws.
  const wrapped = new RegExp(`const ${exported.replace(/\$/g, '\\$')} = \\(\\(0,[^)]*\\)\\(([A-Za-z_$][\\w$]*)[,)]`).exec(code)?.[1];
  const name = wrapped ?? exported;
  const broken = code.replace(new RegExp(`function ${name.replace(/\$/g, '\\$')}\\(([^)]*)\\) \\{`), (start) => `${start} throw new Error("mf_cart ${version}: rendu serveur cassé");`);
  if (broken === code) throw new Error(`no function ${name} in ${path}`);
  await writeFile(path, broken);
  resealRelease(join(repoRoot, 'mf-cart', 'dist', version));
}
