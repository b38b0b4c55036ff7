import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { ShopLocale } from '@shop/contracts/locales';
import { repoRoot } from './stack-processes';

/** A package that writes words for the shop's pages (decision 036). */
export type WordsOf = 'shell' | 'mf-frame' | 'mf-cart' | 'mf-catalog-pages';

/** A package's messages in a language, every file of its messages folder (`<locale>.json`, `<feature>.<locale>.json`). */
function messages(pkg: WordsOf, locale: ShopLocale): Record<string, string> {
  const folder = join(repoRoot, pkg, 'src', 'messages');
  const files = readdirSync(folder).filter((file) => file === `${locale}.json` || file.endsWith(`.${locale}.json`));
  return Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>));
}

/**
 * What a package's page says for a message id in a language, formatted as the page formats it (Lingui with its ICU
 * plurals): the journeys in Arabic find controls by the words the remote ships, as the French ones do by French text.
 */
export function wordsOf(pkg: WordsOf, locale: ShopLocale): (id: string, values?: Record<string, string | number>) => string {
  const all = messages(pkg, locale);
  const i18n = setupI18n({ locale, messages: { [locale]: all } });
  i18n.setMessagesCompiler(compileMessage);
  return (id, values) => {
    if (!(id in all)) throw new Error(`${pkg} has no message "${id}" in ${locale}`);
    return i18n._(id, values);
  };
}
