/**
 * A remote's words (decision 036): a file per group of messages and shop language (`src/messages/<group>.<locale>.json`,
 * or `<locale>.json` for a remote with one group), ICU messages keyed by id, the default language's files the source of
 * the keys. The build compiles them (compile-messages-loader.cjs) into a chunk per file, and writes `mf-messages.json`
 * in the release folder: each language's keys, which the release check compares (a release missing a message some shop
 * language needs is refused, naming the keys). A remote's production build also writes short ids, and records in its
 * web manifest which groups each exposed module shows at once, so a region's words come with its code (decision 037).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { FIRST_WORDS_FIELD, MESSAGES_FILE, messagesChunkName, type ReleaseMessages, type WithFirstWords } from '@shop/contracts/part-messages-release';
import { DEFAULT_LOCALE, SHOP_LOCALES } from '@shop/contracts/locales';

const loader = createRequire(import.meta.url).resolve('./compile-messages-loader.cjs');
const idsLoader = createRequire(import.meta.url).resolve('./message-ids-loader.cjs');

/** The messages files of a package: `src/messages/fr-MA.json`, `src/messages/checkout.ar-MA.json`. */
export const MESSAGES_SOURCE = /[\\/]src[\\/]messages[\\/](?:[a-z][a-z0-9-]*\.)?[a-z]{2}-[A-Z]{2}\.json$/;

/** A language's files in a package's messages folder. */
export const filesOf = (folder: string, locale: string): string[] =>
  existsSync(folder) ? readdirSync(folder).filter((file) => file === `${locale}.json` || (file.endsWith(`.${locale}.json`) && MESSAGES_SOURCE.test(`/src/messages/${file}`))) : [];

/**
 * Each shop language's keys, as the package's files hold them (a language without a file has none). A key in two files
 * of one language is a mistake the build refuses: which one a page would show would depend on the order of loading.
 */
export function messagesOf(packageRoot: string): ReleaseMessages {
  const folder = join(packageRoot, 'src', 'messages');
  const keys = Object.fromEntries(
    SHOP_LOCALES.map((locale) => {
      const seen = new Map<string, string>();
      for (const file of filesOf(folder, locale)) {
        for (const key of Object.keys(JSON.parse(readFileSync(join(folder, file), 'utf8')) as object)) {
          const other = seen.get(key);
          if (other) throw new Error(`${join(folder, file)}: "${key}" is in ${other} too`);
          seen.set(key, file);
        }
      }
      return [locale, [...seen.keys()].sort()];
    }),
  );
  return { keys } as ReleaseMessages;
}

/**
 * A message id as a remote's sources write it: a whole string literal whose text could be an id (`t('cart.empty')`,
 * `label: "nav.face"`). The short ids' table, the loader that writes them (message-ids-loader.cjs) and the words check
 * (words-reach.ts) all read sources by this one rule, so an id the table shortens is the id the loader rewrites.
 */
export const MESSAGE_ID_LITERAL = /(['"`])([a-z][\w.-]*)\1/g;

/** A package's own source files (`src/`, tests apart). */
function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesOf(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/**
 * The short id of each of a remote's message ids (`0`, `1`, … `2k`, in base 36, in the order of the sorted ids of the
 * default language): its production build writes them in its code and its messages chunks alike, so the long ids
 * (about a third of a chunk of words, and every `t('…')` in the code) never reach a browser. Only an id its sources
 * write whole is shortened: one a template or a `+` could build (`blog.article.${slug}.author`) keeps its long id in
 * the chunks too. The release's `mf-messages.json` keeps the long ids, which the release check compares.
 */
export function shortIds(packageRoot: string): Record<string, string> {
  const written = new Set<string>();
  const built: string[] = [];
  for (const file of sourcesOf(join(packageRoot, 'src'))) {
    const source = readFileSync(file, 'utf8');
    for (const [, , literal] of source.matchAll(MESSAGE_ID_LITERAL)) written.add(literal!);
    for (const [, head] of source.matchAll(/`([a-z][\w.-]*)\$\{/g)) built.push(head!);
    for (const [, head] of source.matchAll(/['"]([a-z][\w.-]*)['"]\s*\+/g)) built.push(head!);
  }
  const short = messagesOf(packageRoot).keys[DEFAULT_LOCALE].filter((id) => written.has(id) && !built.some((head) => id.startsWith(head)));
  return Object.fromEntries(short.map((id, index) => [id, index.toString(36)]));
}

/** The group of a messages file: `checkout` for `checkout.ar-MA.json`, '' for `ar-MA.json`; undefined for another file. */
export function groupOfFile(path: string): string | undefined {
  if (!MESSAGES_SOURCE.test(path)) return undefined;
  return basename(path).replace(/(?:^|\.)[a-z]{2}-[A-Z]{2}\.json$/, '');
}

/**
 * The groups of words each exposed module shows when it first renders: the messages files loaded by the modules its own
 * file imports (its `part(Component, [groups])`). A region's groups are named deeper (`region(…)` in the part's code),
 * so they are not among them and stay out of a page's first scripts.
 */
function firstWordsOf(compilation: Rspack.Compilation, root: string, exposes: Readonly<Record<string, string>>): Record<string, string[]> {
  const modules = [...compilation.modules] as Array<Rspack.Module & { resource?: string }>;
  const firstWords: Record<string, string[]> = {};
  for (const [name, path] of Object.entries(exposes)) {
    const file = resolve(root, path);
    const exposed = modules.find((module) => module.resource === file);
    if (!exposed) {
      compilation.errors.push(new compilation.compiler.webpack.WebpackError(`${name}: its module ${file} is not in the build`));
      continue;
    }
    const groups = new Set<string>();
    for (const dependency of exposed.dependencies) {
      const imported = compilation.moduleGraph.getModule(dependency);
      for (const block of imported?.blocks ?? []) {
        for (const loaded of block.dependencies) {
          const group = groupOfFile((compilation.moduleGraph.getModule(loaded) as { resource?: string } | null)?.resource ?? '');
          if (group !== undefined) groups.add(group);
        }
      }
    }
    firstWords[name.replace(/^\.\//, '')] = [...groups].sort();
  }
  return firstWords;
}

interface RemoteWords {
  /** The Rsbuild environment of the browser's container. */
  environment: string;
  /** Its exposed modules and their files (`./Header` → `./src/exposes/header.tsx`). */
  exposes: Readonly<Record<string, string>>;
}

/**
 * Compiles a package's messages. With `version` (a remote), each language's is one chunk named after it (contracts'
 * `messagesChunkName`), which the shell's server finds in a release's manifest, and the release folder gets its
 * `mf-messages.json`. With `remote`, the release's web manifest records beside each exposed module the groups it shows
 * when it first renders (contracts' `FIRST_WORDS_FIELD`).
 */
export function partMessages(version?: string, remote?: RemoteWords): RsbuildPlugin {
  return {
    name: 'shop:part-messages',
    setup(api) {
      // Read once per build: every environment (browser, Node, harness) writes the same table.
      let table: Record<string, string> | undefined;
      api.modifyBundlerChain((chain, { isProd }) => {
        // A remote's production build writes short ids; the shell's few words keep theirs (they are in its code).
        const ids = version && isProd ? (table ??= shortIds(api.context.rootPath)) : undefined;
        chain.module.rule('part-messages').test(MESSAGES_SOURCE).type('javascript/auto').use('compile').loader(loader).options({ ids });
        if (ids) {
          chain.module
            .rule('message-ids')
            .test(/\.[cm]?[jt]sx?$/)
            .include.add(join(api.context.rootPath, 'src'))
            .end()
            .enforce('pre')
            .use('ids')
            .loader(idsLoader)
            .options({ ids, literal: MESSAGE_ID_LITERAL.source });
        }
        // A remote's words load per language; the shell's few are in its code (both languages: it hydrates at once).
        if (!version) return;
        const splitChunks = chain.optimization.get('splitChunks') as { cacheGroups?: Record<string, never> } | false | undefined;
        if (splitChunks === false) return;
        // One chunk per file (a group in a language), named after both, wherever the build would have put it.
        const folder = join(api.context.rootPath, 'src', 'messages');
        const files = SHOP_LOCALES.flatMap((locale) => filesOf(folder, locale).map((file) => ({ file, locale, group: groupOfFile(join(folder, file)) ?? '' })));
        const groups = Object.fromEntries(
          files.map(({ file, locale, group }) => {
            const name = messagesChunkName(locale, group);
            const exactly = new RegExp(`[\\\\/]src[\\\\/]messages[\\\\/]${file.replace(/\./g, '\\.')}$`);
            return [name, { test: exactly, name, chunks: 'async' as const, enforce: true }];
          }),
        );
        chain.optimization.splitChunks({ ...splitChunks, cacheGroups: { ...splitChunks?.cacheGroups, ...groups } });
      });
      // Checked on every build, so a duplicate key fails it where it is made, not at release.
      api.onBeforeBuild(() => void messagesOf(api.context.rootPath));
      if (!version) return;
      let firstWords: Record<string, string[]> | undefined;
      if (remote) {
        api.processAssets({ stage: 'report', environments: [remote.environment] }, ({ compilation }) => {
          firstWords = firstWordsOf(compilation, api.context.rootPath, remote.exposes);
        });
      }
      api.onAfterBuild(() => {
        const root = join(api.context.rootPath, 'dist', version);
        if (!existsSync(root)) return;
        writeFileSync(join(root, MESSAGES_FILE), `${JSON.stringify(messagesOf(api.context.rootPath), null, 1)}\n`);
        const manifestFile = join(root, 'mf-manifest.json');
        if (!firstWords || !existsSync(manifestFile)) return;
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { exposes?: Array<{ name: string } & WithFirstWords> };
        for (const expose of manifest.exposes ?? []) expose[FIRST_WORDS_FIELD] = firstWords[expose.name] ?? [];
        writeFileSync(manifestFile, JSON.stringify(manifest));
      });
    },
  };
}
