import type { CartResponse } from '@shop/contracts/cart';
import useSWR from 'swr';
import { getJson } from '../shared/api';
import { formatPrice } from '@shop/contracts/money';

/** Stand-in for mf_cart's CartLines in the standalone harness: read-only lines and total. */
export function HarnessCartLines() {
  const { data } = useSWR('harness:/api/cart', () => getJson<CartResponse>('/api/cart'));
  const lines = data?.cart ?? [];
  return (
    <div data-harness="cart-lines">
      <ul>
        {lines.map((line) => (
          <li key={line.productId}>
            {line.name} × {line.quantity} — {formatPrice(line.price * line.quantity)}
          </li>
        ))}
      </ul>
      <p>Total : {formatPrice(lines.reduce((sum, l) => sum + l.price * l.quantity, 0))}</p>
    </div>
  );
}
