/**
 * The SWR key of one order. The checkout fills this entry with the order it just placed, so the confirmation page
 * shows at once instead of asking again; a reload asks the service (only the visitor who placed it gets it).
 */
export function orderKey(apiBase: string, number: string): readonly [string, string] {
  return ['mf_catalog_pages/order', `${apiBase}/api/orders/${encodeURIComponent(number)}`] as const;
}
