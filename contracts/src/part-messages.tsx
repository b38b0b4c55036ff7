import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, use, useContext, type ComponentType, type ReactNode } from 'react';
import type { PartProps } from './exposes';
import { textDirection, type ShopLocale } from './locales';
import { formatPrice } from './money';

/**
 * A remote's words in the page's language (decision 036). Each remote calls `partMessages` once with a loader per shop
 * language (its compiled `src/messages/<locale>.json`, one chunk each, so a page downloads its language only) and wraps
 * each exposed module in the `Messages` it returns, with the `locale` prop the shell hands every part. Nothing is
 * shared between remotes but the formatter's code: each has its own context and its own Lingui instance per language,
 * made once with its messages and never switched, so a server rendering French and Arabic pages at once never mixes
 * them.
 */
export interface PartText<Id extends string> {
  locale: ShopLocale;
  dir: 'ltr' | 'rtl';
  /** The message `id` in the page's language, with its ICU values. */
  t: (id: Id, values?: Record<string, string | number>) => string;
  /** A price in MAD as this language writes it (contracts' money). */
  price: (amount: number) => string;
}

/**
 * Each language's compiled messages: `() => import('./messages/ar-MA.json')` (a chunk per language, fetched by the
 * pages in it), or the module itself for words every page needs before anything else (the shell's own few).
 */
type Loaders = Record<ShopLocale, () => Promise<{ default: Messages }> | { default: Messages }>;

/** A language's messages from several files (one per feature: `messages/checkout.ar-MA.json`), as one module. */
export function mergedMessages(modules: readonly { default: Messages }[]): { default: Messages } {
  return { default: Object.assign({}, ...modules.map((module) => module.default)) as Messages };
}

/** A promise React's `use` reads at once once settled (its documented thenable fields), so a second page never waits. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const result = promise as Tracked<T>;
  result.then(
    (value) => Object.assign(result, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(result, { status: 'rejected', reason }),
  );
  return result;
}

/** A value already there, as `use` reads it without suspending. */
function settled<T>(value: T): Tracked<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

export function partMessages<Id extends string>(loaders: Loaders) {
  const instances = new Map<ShopLocale, Tracked<I18n>>();
  /** What `useText` gives, one per language instance: made once, so Messages holds no hook of its own. */
  const texts = new WeakMap<I18n, PartText<Id>>();
  const textOf = (i18n: I18n, locale: ShopLocale): PartText<Id> => {
    let text = texts.get(i18n);
    if (!text) {
      text = { locale, dir: textDirection(locale), t: (id, values) => i18n._(id, values), price: (amount) => formatPrice(amount, locale) };
      texts.set(i18n, text);
    }
    return text;
  };
  const Context = createContext<PartText<Id> | null>(null);

  /** The language's instance, loading its messages the first time (a failed load is tried again by the next render). */
  function instanceFor(locale: ShopLocale): Tracked<I18n> {
    let instance = instances.get(locale);
    if (!instance || instance.status === 'rejected') {
      const make = ({ default: messages }: { default: Messages }) => setupI18n({ locale, messages: { [locale]: messages } });
      const loaded = loaders[locale]();
      instance = 'then' in loaded ? tracked(loaded.then(make)) : settled(make(loaded));
      instances.set(locale, instance);
    }
    return instance;
  }

  function Messages({ locale, children }: { locale: ShopLocale; children: ReactNode }) {
    const instance = instanceFor(locale);
    // Loaded already (every page after the first, the shell's own words): no trip through Suspense. `use` is the only
    // call here that React tracks, and it holds no hook state, so a first render that suspended and its retry that
    // does not call it keep the same hooks.
    const i18n = instance.status === 'fulfilled' && instance.value ? instance.value : use(instance as Promise<I18n>);
    return <Context value={textOf(i18n, locale)}>{children}</Context>;
  }

  function useText(): PartText<Id> {
    const text = useContext(Context);
    if (!text) throw new Error('useText outside its remote’s <Messages>: wrap the exposed module');
    return text;
  }

  /** An exposed module in its language: `export default part(CartDropdown)`. */
  function part<Props extends PartProps>(Component: ComponentType<Props>): ComponentType<Props> {
    function Part(props: Props) {
      return (
        <Messages locale={props.locale}>
          <Component {...props} />
        </Messages>
      );
    }
    Part.displayName = `Part(${Component.displayName ?? Component.name})`;
    return Part;
  }

  return { Messages, useText, part };
}
