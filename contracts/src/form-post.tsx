import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type CSSProperties,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useHref, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { FORM_FIELD, PAGE_CONTEXT_KEY, type FormId, type FormOutcome, type PageContext } from './forms';
import type { ShopPath } from './routes';

/**
 * The browser side of forms that work as HTML first (forms.ts, decision 026), for every package's forms: a form posts
 * to the page it is on, names itself, starts from what the server handed back after a refused post, and keeps what the
 * shopper typed (or the browser autofilled) before the page hydrated.
 */

/** What the server rendered this page with for this shopper (notice, refused form, checkout key), if anything. */
export function usePageContext(): PageContext | undefined {
  // No fetcher: the entry is only ever the server's, in the page's data.
  return useSWR<PageContext>(PAGE_CONTEXT_KEY, null).data;
}

/** The server's outcome of a refused post of this form, if this page shows one. */
export function useFormOutcome(form: FormId): FormOutcome | undefined {
  const outcome = usePageContext()?.outcome;
  return outcome?.form === form ? outcome : undefined;
}

/** The page a form posts to: the one it is on, query included (a listing keeps its filters). */
export function useFormAction(): string {
  const { pathname, search } = useLocation();
  // With the router's basename (an Arabic page's `/ar`, decision 036): the form posts to the page it is on.
  return useHref({ pathname, search });
}

/** The hidden field naming the form. */
export function FormName({ form }: { form: FormId }) {
  return <input type="hidden" name={FORM_FIELD} value={form} />;
}

/** A form around controls lays out as the controls alone would. */
const CONTENTS: CSSProperties = { display: 'contents' };

export type ButtonToPageProps = Omit<ComponentPropsWithRef<'button'>, 'type' | 'onClick'> & {
  /** The page that shows what the button opens in place: where it leads before hydration or without JavaScript. */
  to: ShopPath;
  /** What the hydrated button does instead (open the dropdown, the drawer, the panel). */
  onPress: () => void;
  /** Hidden fields the form sends, for a page that shows what opens only when asked (`?recherche=1`). */
  fields?: Readonly<Record<string, string>>;
};

/**
 * A button that opens something in place once its part has hydrated, and otherwise leads to a page that shows the same
 * thing: a GET form to `to` around it. It is marked for the page's early script (shell/public/hold-until-hydrated.js),
 * which holds a tap made before hydration and replays it, so it opens in place after all; if the part never hydrates,
 * the held tap follows the form.
 */
export function ButtonToPage({ to, onPress, fields = {}, ...button }: ButtonToPageProps) {
  return (
    <form method="get" action={useHref(to)} style={CONTENTS}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        {...button}
        type="submit"
        data-hold-until-hydrated
        onClick={(event) => {
          event.preventDefault();
          onPress();
        }}
      />
    </form>
  );
}

export interface FormPost<V extends { [K in keyof V]: string }> {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  /** The server's French message per field after a refused post. */
  serverErrors: Partial<Record<keyof V, string>>;
  /** The server's message after a refused post that was not about a field (an empty cart, no such order, no answer). */
  serverFailure: string | undefined;
  /** Spread on the `<form>`: method, action and the ref that reads what was typed before hydration. */
  formProps: { method: 'post'; action: string; ref: RefObject<HTMLFormElement | null> };
}

/**
 * A form whose fields are state (controlled): it starts from the values the server handed back, and on mount takes
 * what the DOM holds. Hydration leaves a field's DOM value alone while the state holds the server's, and React's first
 * re-render would write the state back over what the shopper typed (facebook/react#26974): reading the DOM once, before
 * the browser paints again, keeps it.
 */
export function useFormPost<V extends { [K in keyof V]: string }>(form: FormId, initial: V): FormPost<V> {
  const outcome = useFormOutcome(form);
  const [values, setValues] = useState<V>(() => ({ ...initial, ...pick(outcome?.values, initial) }));
  const ref = useRef<HTMLFormElement | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const typed: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(initial) as (keyof V & string)[]) {
      const field = element.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) typed[name] = field.value;
    }
    const names = Object.keys(typed) as (keyof V)[];
    setValues((current) => (names.some((name) => typed[name] !== current[name]) ? { ...current, ...typed } : current));
    // Once, on mount: afterwards the state is the source of truth.
  }, []);
  return {
    values,
    setValues,
    serverErrors: (outcome?.errors ?? {}) as Partial<Record<keyof V, string>>,
    // A refusal about fields is said by their messages (and the form's summary of them), not once more for the form.
    serverFailure: outcome && Object.keys(outcome.errors).length === 0 ? outcome.message : undefined,
    formProps: { method: 'post', action: useFormAction(), ref },
  };
}

function pick<V extends { [K in keyof V]: string }>(values: Record<string, string> | undefined, shape: V): Partial<V> {
  if (!values) return {};
  return Object.fromEntries(Object.keys(shape).filter((name) => typeof values[name] === 'string').map((name) => [name, values[name]])) as Partial<V>;
}
