import { Fragment, type ReactNode } from 'react';
import type { useText } from './messages';

/** The page's `t` and one of its message ids (shared/page-text.ts names them for the features; messages/ stands below). */
type Translate = ReturnType<typeof useText>['t'];
type MessageId = Parameters<Translate>[0];

/** A private-use character no message holds: it marks where an element goes in the translated sentence. */
const MARK = '\uE000';

/**
 * A message with elements in it (a link, a phone number, an amount in bold): each of `parts` fills the `{name}` of the
 * same name wherever the language puts it, so a sentence stays one message for its translators.
 * `rich(t, 'orders.confirmation.lead', { phone: <span dir="ltr">{phone}</span> })`.
 */
export function rich(
  t: Translate,
  id: MessageId,
  parts: Readonly<Record<string, ReactNode>>,
  values: Readonly<Record<string, string | number>> = {},
): ReactNode {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  // Even pieces are text, odd ones the name of a part; empty text is left out (no empty text node to hydrate).
  return t(id, { ...values, ...marks })
    .split(MARK)
    .flatMap<ReactNode>((piece, index) => (index % 2 === 1 && Object.hasOwn(parts, piece) ? [<Fragment key={index}>{parts[piece]}</Fragment>] : piece ? [piece] : []));
}
