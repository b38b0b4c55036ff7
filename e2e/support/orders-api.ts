import type { AdminOrdersResponse } from '@shop/contracts/orders';
import { ADMIN_TOKEN, type StackPorts } from './stack-env';

/** The orders cart-service holds whose number or phone matches `q`, as an operator lists them (`GET /admin/orders`). */
export async function ordersMatching(ports: StackPorts, q: string): Promise<AdminOrdersResponse['orders']> {
  const response = await fetch(`http://127.0.0.1:${ports['cart-service']}/admin/orders?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /admin/orders answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as AdminOrdersResponse).orders;
}
