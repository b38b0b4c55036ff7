import { useLocation } from 'react-router-dom';
import { useHydrating } from '@shop/contracts/hydrating';
import { DEFAULT_LOCALE, localizedPath, SHOP_LOCALES, textDirection, type ShopLocale } from '@shop/contracts/locales';
import { useText } from '../../messages/messages';

/**
 * Each language as it names itself (its endonym, never translated): the link to a language is written in that
 * language whatever the page's, with its own `lang` and direction, so a screen reader says it in that language.
 */
const ENDONYMS: Readonly<Record<ShopLocale, { name: string; lang: string }>> = {
  'fr-MA': { name: 'Français', lang: 'fr' },
  'ar-MA': { name: 'العربية', lang: 'ar' },
};

/** The language the switch offers: the shop's other one. */
export function otherLocale(locale: ShopLocale): ShopLocale {
  return SHOP_LOCALES.find((other) => other !== locale) ?? DEFAULT_LOCALE;
}

/**
 * The same page in the shop's other language (decision 036): its path, query and fragment under the other language's
 * prefix. The router's location has no prefix (the router's basename holds it). A plain link, not the router's: the
 * page loads anew, so the document's language and direction change with it; the cart follows by its cookie.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { locale } = useText();
  const { pathname, search, hash } = useLocation();
  // A URL's fragment never reaches the server: the hydrated link first says what the server said, then takes it.
  const hydrated = !useHydrating();
  const other = otherLocale(locale);
  const { name, lang } = ENDONYMS[other];
  return (
    <a
      href={localizedPath(other, pathname + search + (hydrated ? hash : ''))}
      hrefLang={other}
      lang={lang}
      dir={textDirection(other)}
      className={className}
      data-testid="language-switch"
    >
      {name}
    </a>
  );
}
