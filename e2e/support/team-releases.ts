import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './stack-processes';

/**
 * Flawed releases of mf-cart, made from a good build the way a team's mistakes would leave them (the release check must
 * name each flaw): an exposed module left out, another React major required, a server build that throws.
 */
const cartRelease = (version: string) => join(repoRoot, 'mf-cart', 'dist', version);

async function editManifest(version: string, edit: (manifest: ManifestLike) => void): Promise<void> {
  const path = join(cartRelease(version), 'mf-manifest.json');
  const manifest = JSON.parse(await readFile(path, 'utf8')) as ManifestLike;
  edit(manifest);
  await writeFile(path, JSON.stringify(manifest));
}

interface ManifestLike {
  exposes: Array<{ name: string }>;
  shared: Array<{ name: string; requiredVersion?: string }>;
}

/** A copy of a built release under another version, as the team's pipeline would publish it. */
export const copyCartRelease = (from: string, to: string) => cp(cartRelease(from), cartRelease(to), { recursive: true });

export const removeCartRelease = (version: string) => rm(cartRelease(version), { recursive: true, force: true });

/** The release no longer exposes `name` (e.g. `CartLines`): a module the shell composes is missing. */
export const withoutExposedModule = (version: string, name: string) =>
  editManifest(version, (manifest) => {
    manifest.exposes = manifest.exposes.filter((expose) => expose.name !== name);
  });

/** The release asks for another major of React than the shell's. */
export const requiringReact = (version: string, range: string) =>
  editManifest(version, (manifest) => {
    for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = range;
  });

/** The release's server build throws while rendering the cart button (its browser build is intact). */
export async function breakCartButtonOnServer(version: string): Promise<void> {
  const path = join(cartRelease(version), 'ssr', '__federation_expose_CartDropdownmf_cart.js');
  const code = await readFile(path, 'utf8');
  const name = /"default": \(\) => \(\/\* reexport \*\/ ([A-Za-z_$][\w$]*)\)/.exec(code)?.[1];
  if (!name) throw new Error(`no default export in ${path}`);
  const broken = code.replace(new RegExp(`function ${name.replace(/\$/g, '\\$')}\\(([^)]*)\\) \\{`), (start) => `${start} throw new Error("mf_cart ${version}: rendu serveur cassé");`);
  if (broken === code) throw new Error(`no function ${name} in ${path}`);
  await writeFile(path, broken);
}
