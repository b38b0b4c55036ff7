import { useText } from '../messages/messages';
import { formatOrderDate } from './format-order-date';

/**
 * An order's date, on Moroccan time, in the page's language. The server's and the browser's time-zone data can
 * disagree about Morocco (its offset changes around Ramadan; Debian's Chromium and Node's ICU differ in 2026): a page
 * rendered for the shopper on the server keeps the server's text when it hydrates, rather than failing to hydrate the
 * part.
 */
export function OrderDate({ iso }: { iso: string }) {
  const { locale } = useText();
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatOrderDate(iso, locale)}
    </time>
  );
}
