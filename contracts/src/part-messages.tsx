import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, use, useContext, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { PartProps } from './exposes';
import { textDirection, type ShopLocale } from './locales';
import { formatPrice } from './money';

/**
 * A remote's words in the page's language (decision 036). A remote keeps its messages in groups (a file per group and
 * language, `src/messages/<group>.<locale>.json`, compiled at build time); each exposed module is wrapped with `part`,
 * naming the groups it shows, and gets the `locale` prop the shell hands every part. A page then downloads its parts'
 * groups in its language only: each group and language is a chunk of its own, and the chunks an exposed module imports
 * are the ones its release's manifest lists for it, which the shell's server names among the page's first scripts.
 *
 * Nothing is shared between remotes but the formatter's code: each remote has its own context, and its own Lingui
 * instance per language and set of groups, made once with its messages and never switched, so a server rendering French
 * and Arabic pages at once never mixes them.
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
 * One group of messages in every shop language: `{ 'fr-MA': () => import('./cart.fr-MA.json'), 'ar-MA': … }` (a chunk
 * per language, fetched by the pages in it), or the modules themselves for words needed before anything else (the
 * shell's own few). Written in a module of its own per group, so only the exposed modules that import it reach its
 * chunks.
 */
export type MessageGroup = Readonly<Record<ShopLocale, () => Promise<{ default: Messages }> | { default: Messages }>>;

/** A promise React's `use` reads at once once settled (its documented thenable fields), so a second page never waits. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown; inCode?: true };

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const result = promise as Tracked<T>;
  result.then(
    (value) => Object.assign(result, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(result, { status: 'rejected', reason }),
  );
  return result;
}

/** Words in the code (the shell's), there from the start: read without `use`, on every render alike. */
function settled<T>(value: T): Tracked<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value, inCode: true as const });
}

/** Each group's number, to name a set of groups. */
const groupNumbers = new WeakMap<MessageGroup, number>();
let groupsSeen = 0;
const groupNumber = (group: MessageGroup) => {
  let number = groupNumbers.get(group);
  if (number === undefined) groupNumbers.set(group, (number = (groupsSeen += 1)));
  return number;
};

export function partMessages<Id extends string>() {
  const instances = new Map<string, Tracked<I18n>>();
  /**
   * What Messages provides for an instance, made once so it holds no hook of its own: what `useText` gives, and the
   * language and groups around (a region's words are its part's and its own).
   */
  const provided = new WeakMap<I18n, { text: PartText<Id>; scope: WordsScope }>();
  const providedFor = (i18n: I18n, locale: ShopLocale, groups: readonly MessageGroup[]) => {
    let entry = provided.get(i18n);
    if (!entry) {
      const text: PartText<Id> = { locale, dir: textDirection(locale), t: (id, values) => i18n._(id, values), price: (amount) => formatPrice(amount, locale) };
      provided.set(i18n, (entry = { text, scope: { locale, groups } }));
    }
    return entry;
  };
  const Context = createContext<PartText<Id> | null>(null);
  const Scope = createContext<WordsScope | null>(null);

  /** The instance of a language and set of groups, loading them the first time (a failed load is tried again). */
  function instanceFor(locale: ShopLocale, groups: readonly MessageGroup[]): Tracked<I18n> {
    const key = `${locale} ${[...new Set(groups.map(groupNumber))].sort((a, b) => a - b).join(',')}`;
    let instance = instances.get(key);
    if (!instance || instance.status === 'rejected') {
      const make = (modules: readonly { default: Messages }[]) =>
        setupI18n({ locale, messages: { [locale]: Object.assign({}, ...modules.map((module) => module.default)) as Messages } });
      const loaded = groups.map((group) => group[locale]());
      instance = loaded.some((module) => 'then' in module)
        ? tracked(Promise.all(loaded).then(make))
        : settled(make(loaded as { default: Messages }[]));
      instances.set(key, instance);
    }
    return instance;
  }

  function Messages({ locale, groups, children }: { locale: ShopLocale; groups: readonly MessageGroup[]; children: ReactNode }) {
    const instance = instanceFor(locale, groups);
    // Words in a chunk are read with `use` on every render (a render that suspended on them and its retry alike, as
    // React asks); once loaded, it reads them at once. Words in the code never go through it.
    const i18n = instance.inCode ? instance.value! : use(instance as Promise<I18n>);
    const { text, scope } = providedFor(i18n, locale, groups);
    return (
      <Scope value={scope}>
        <Context value={text}>{children}</Context>
      </Scope>
    );
  }

  function useText(): PartText<Id> {
    const text = useContext(Context);
    if (!text) throw new Error('useText outside its remote’s <Messages>: wrap the exposed module');
    return text;
  }

  /** An exposed module in its language, with the groups of words it shows: `export default part(CartDropdown, [cart])`. */
  function part<Props extends PartProps>(Component: ComponentType<Props>, groups: readonly MessageGroup[]): ComponentType<Props> {
    function Part(props: Props) {
      return (
        <Messages locale={props.locale} groups={groups}>
          <Component {...props} />
        </Messages>
      );
    }
    Part.displayName = `Part(${Component.displayName ?? Component.name})`;
    return Part;
  }

  return { Messages, useText, part, Scope };
}

interface WordsScope {
  locale: ShopLocale;
  groups: readonly MessageGroup[];
}

/**
 * The regions of a remote's parts (`regionOf(partMessages())`): a region's code comes when it first renders (as with
 * React's `lazy`), with words of its own: `region(() => import('./menu/bar-menus'), [navigationWords])`. Its code and
 * its words in the page's language are requested at once, when it first renders; its words are its part's and
 * `groups`. Only the groups an exposed module's own file names come with the page (tools/part-messages.ts), so a
 * region's stay out of the first load. Apart from `partMessages`, so a bundle without regions leaves it out.
 */
export function regionOf({ Messages, Scope }: Pick<ReturnType<typeof partMessages>, 'Messages' | 'Scope'>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`: any component's props
  return function region<Code extends ComponentType<any>>(load: () => Promise<{ default: Code }>, groups: readonly MessageGroup[]): ComponentType<ComponentProps<Code>> {
    let loading: Tracked<{ default: Code }> | undefined;
    /** Its code, asked for once (a failed load is asked for again at the next render). */
    const code = () => {
      if (!loading || loading.status === 'rejected') loading = tracked(load());
      return loading;
    };
    function RegionCode({ props }: { props: ComponentProps<Code> }) {
      const { default: Loaded } = use(code() as Promise<{ default: Code }>);
      return <Loaded {...props} />;
    }
    function Region(props: ComponentProps<Code>) {
      const scope = useContext(Scope);
      if (!scope) throw new Error('a region outside its remote’s <Messages>: render it inside a part');
      // Its code is asked for now, beside its words, rather than once its words have come.
      code();
      return (
        <Messages locale={scope.locale} groups={[...scope.groups, ...groups]}>
          <RegionCode props={props} />
        </Messages>
      );
    }
    return Region;
  };
}
