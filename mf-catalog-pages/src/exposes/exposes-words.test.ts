import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each exposed module names the groups of words it shows (`part(Page, [sharedWords, homeWords])`, decision 036): a page
 * downloads those only. A group left out would show a message's id instead of its words. Every message id written in
 * the files an exposed module imports must be in one of its groups.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const messagesDir = join(src, 'messages');
const groups = new Map(
  readdirSync(messagesDir)
    .filter((file) => file.endsWith('.fr-MA.json'))
    .map((file) => [file.slice(0, -'.fr-MA.json'.length), new Set(Object.keys(JSON.parse(readFileSync(join(messagesDir, file), 'utf8')) as object))]),
);

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The source files an exposed module imports, itself included (its words' modules apart). */
function importedFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const path = resolveImport(file, (match[1] ?? match[2])!);
      if (path && !path.startsWith(messagesDir)) pending.push(path);
    }
  }
  return seen;
}

/** The groups whose ids the files write as strings. */
function groupsUsed(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    for (const [, literal] of readFileSync(file, 'utf8').matchAll(/['"`]([a-z][\w.-]*)['"`]/g)) {
      for (const [group, ids] of groups) if (ids.has(literal!)) used.add(group);
    }
  }
  return used;
}

describe('the groups of words each exposed module names', () => {
  const exposes = readdirSync(join(src, 'exposes')).filter((file) => file.endsWith('.tsx'));
  it.each(exposes)('%s names every group its page shows', (file) => {
    const path = join(src, 'exposes', file);
    const named = [...readFileSync(path, 'utf8').matchAll(/from '\.\.\/messages\/([a-z-]+)-words'/g)].map((match) => match[1]!);
    const used = [...groupsUsed(importedFiles(path))];
    expect(named.length).toBeGreaterThan(0);
    expect(used.filter((group) => !named.includes(group)), `${file} shows words of groups it does not load`).toEqual([]);
  });
});
