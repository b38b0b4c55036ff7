/**
 * A remote's words (decision 036): a file per group of messages and shop language (`src/messages/<group>.<locale>.json`,
 * or `<locale>.json` for a remote with one group), ICU messages keyed by id, the default language's files the source of
 * the keys. The build compiles them (compile-messages-loader.cjs) into a chunk per file, and writes `mf-messages.json`
 * in the release folder: each language's keys, which the release check compares (a release missing a message some shop
 * language needs is refused, naming the keys).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { MESSAGES_FILE, messagesChunkName, type ReleaseMessages } from '@shop/contracts/part-messages-release';
import { SHOP_LOCALES } from '@shop/contracts/locales';

const loader = createRequire(import.meta.url).resolve('./compile-messages-loader.cjs');

/** The messages files of a package: `src/messages/fr-MA.json`, `src/messages/checkout.ar-MA.json`. */
export const MESSAGES_SOURCE = /[\\/]src[\\/]messages[\\/](?:[a-z][a-z0-9-]*\.)?[a-z]{2}-[A-Z]{2}\.json$/;

/** A language's files in a package's messages folder. */
const filesOf = (folder: string, locale: string) =>
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
 * Compiles a package's messages. With `version` (a remote), each language's is one chunk named after it (contracts'
 * `messagesChunkName`), which the shell's server finds in a release's manifest, and the release folder gets its
 * `mf-messages.json`.
 */
export function partMessages(version?: string): RsbuildPlugin {
  return {
    name: 'shop:part-messages',
    setup(api) {
      api.modifyBundlerChain((chain) => {
        chain.module.rule('part-messages').test(MESSAGES_SOURCE).type('javascript/auto').use('compile').loader(loader);
        // A remote's words load per language; the shell's few are in its code (both languages: it hydrates at once).
        if (!version) return;
        const splitChunks = chain.optimization.get('splitChunks') as { cacheGroups?: Record<string, never> } | false | undefined;
        if (splitChunks === false) return;
        // One chunk per file (a group in a language), named after both, wherever the build would have put it.
        const folder = join(api.context.rootPath, 'src', 'messages');
        const files = SHOP_LOCALES.flatMap((locale) => filesOf(folder, locale).map((file) => ({ file, locale, group: file.slice(0, -`${locale}.json`.length).replace(/\.$/, '') })));
        const groups = Object.fromEntries(
          files.map(({ file, locale, group }) => {
            const name = messagesChunkName(locale, group || undefined);
            const exactly = new RegExp(`[\\\\/]src[\\\\/]messages[\\\\/]${file.replace(/\./g, '\\.')}$`);
            return [name, { test: exactly, name, chunks: 'async' as const, enforce: true }];
          }),
        );
        chain.optimization.splitChunks({ ...splitChunks, cacheGroups: { ...splitChunks?.cacheGroups, ...groups } });
      });
      // Checked on every build, so a duplicate key fails it where it is made, not at release.
      api.onBeforeBuild(() => void messagesOf(api.context.rootPath));
      if (!version) return;
      api.onAfterBuild(() => {
        const root = join(api.context.rootPath, 'dist', version);
        if (existsSync(root)) writeFileSync(join(root, MESSAGES_FILE), `${JSON.stringify(messagesOf(api.context.rootPath), null, 1)}\n`);
      });
    },
  };
}
