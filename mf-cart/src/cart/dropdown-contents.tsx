import { CartContents } from './cart-contents';
import { useCartView } from './use-cart-view';

/**
 * The open panel's lines, with their quantity and remove controls: fetched and mounted when the panel first opens
 * (decision 028). The badge needs only the lines' count, which the dropdown reads itself (`useCart`, the same cache).
 */
export default function DropdownContents({ apiBase }: { apiBase: string }) {
  const view = useCartView(apiBase);
  return <CartContents view={view} apiBase={apiBase} />;
}
