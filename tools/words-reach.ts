/**
 * For a remote's tests: which words each part of its page can show, and which it loads (decision 036). An exposed module
 * names the groups it shows at once (`part(Page, [sharedWords, homeWords])`, imported by its own file), a region the
 * groups that come with its code (`region(() => import('./menu'), [navigationWords])`). A group left out would show a
 * message's id instead of its words. `wordsNotLoaded` reads the sources: every message id written (as a string) in the
 * files an exposed module or a region reaches must be in a group it loads, its part's included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DEFAULT_LOCALE } from '@shop/contracts/locales';
import { filesOf, groupOfFile, MESSAGE_ID_LITERAL } from './part-messages';

const STATIC_IMPORT = /(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const REGION = /region\(\s*\(\)\s*=>\s*import\(\s*['"](\.[^'"]+)['"]\s*\)[\s\S]*?,\s*\[([^\]]*)\]\s*\)/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

export interface WordsNotLoaded {
  /** The exposed module's or the region's file, from the remote's folder. */
  part: string;
  /** The groups whose ids its files write and which it does not load. */
  groups: string[];
}

/** Every exposed module and region of the remote at `root` that shows words it does not load (none: the list is empty). */
export function wordsNotLoaded(root: string): WordsNotLoaded[] {
  const src = join(root, 'src');
  const messages = join(src, 'messages');
  /** Each group's ids, from the default language's files: `<group>.fr-MA.json`, or '' for a remote's one `fr-MA.json`. */
  const ids = new Map<string, Set<string>>();
  for (const file of filesOf(messages, DEFAULT_LOCALE)) {
    ids.set(groupOfFile(join(messages, file))!, new Set(Object.keys(JSON.parse(readFileSync(join(messages, file), 'utf8')) as object)));
  }
  /** The groups a module of the messages folder loads (`() => import('./home.fr-MA.json')`). */
  const groupsLoadedBy = (file: string) =>
    new Set([...readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)].map((match) => groupOfFile(resolve(dirname(file), match[1]!))).filter((group) => group !== undefined));
  const isMessagesModule = (file: string) => dirname(file) === messages && /\.tsx?$/.test(file);
  /** The groups of the words modules named in `names`, imported by `file`. */
  function groupsNamed(file: string, names: readonly string[]): Set<string> {
    const groups = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
      const imported = match[1]!.split(',').map((name) => name.trim());
      const module = resolveImport(file, match[2]!);
      if (module && isMessagesModule(module) && names.some((name) => imported.includes(name))) for (const group of groupsLoadedBy(module)) groups.add(group);
    }
    return groups;
  }

  const found: WordsNotLoaded[] = [];
  function check(entry: string, loaded: ReadonlySet<string>) {
    const used = new Set<string>();
    const seen = new Set<string>();
    const pending = [entry];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      const regions = [...source.matchAll(REGION)];
      const regionImports = new Set(regions.map((match) => match[1]));
      for (const match of regions) {
        const path = resolveImport(file, match[1]!);
        const names = match[2]!.split(',').map((name) => name.trim()).filter(Boolean);
        if (path) check(path, new Set([...loaded, ...groupsNamed(file, names)]));
      }
      const imports = [...source.matchAll(STATIC_IMPORT), ...[...source.matchAll(DYNAMIC_IMPORT)].filter((match) => !regionImports.has(match[1]))];
      for (const match of imports) {
        const path = resolveImport(file, match[1]!);
        if (path && !isMessagesModule(path)) pending.push(path);
      }
      for (const [, , literal] of source.matchAll(MESSAGE_ID_LITERAL)) for (const [group, keys] of ids) if (keys.has(literal!)) used.add(group);
    }
    const missing = [...used].filter((group) => !loaded.has(group)).sort();
    if (missing.length > 0) found.push({ part: relative(root, entry), groups: missing });
  }
  for (const file of readdirSync(join(src, 'exposes')).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))) {
    const entry = join(src, 'exposes', file);
    const named = new Set<string>();
    for (const match of readFileSync(entry, 'utf8').matchAll(STATIC_IMPORT)) {
      const module = resolveImport(entry, match[1]!);
      if (module && isMessagesModule(module)) for (const group of groupsLoadedBy(module)) named.add(group);
    }
    check(entry, named);
  }
  return found;
}
