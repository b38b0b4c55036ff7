import type { Order } from '@shop/contracts/orders';

/** For tests only (no page imports it): a placed order as the service answers it, and JSON responses for `fetch`. */
export const placedOrder: Order = {
  number: 'K7M2-Q9XP',
  status: 'reçue',
  createdAt: '2025-06-12T13:05:00.000Z',
  updatedAt: '2025-06-12T13:05:00.000Z',
  paymentMethod: 'cash_on_delivery',
  lines: [
    { productId: 'huile-argan', name: 'Huile d’argan pure', price: 149, oldPrice: 180, quantity: 2, images: ['/images/products/huile-argan.svg'] },
    { productId: 'savon-noir', name: 'Savon noir à l’eucalyptus', price: 59.5, quantity: 1, images: [] },
  ],
  total: 357.5,
  delivery: {
    fullName: 'Fatima Zahra El Idrissi',
    phone: '+212612345678',
    city: 'Casablanca',
    address: '27, rue Ibnou Mounir, Maârif',
    note: 'Sonner deux fois.',
  },
};

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return jsonResponse({ error: fields ? { code, message, fields } : { code, message } }, status);
}
