import { expect, test } from './support/test';
import { CART_SESSION_MARK_COOKIE } from '@shop/contracts/session-claim';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

test('through the shell’s proxy, a read opens no session and the first add opens an HttpOnly, SameSite=Lax one, with a readable mark that it exists', async ({ playwright }) => {
  const visitor = await playwright.request.newContext();
  const setCookies = (response: Awaited<ReturnType<typeof visitor.get>>) =>
    response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');

  const read = await visitor.get(`${stack.url}/api/cart`);
  expect(read.status()).toBe(200);
  expect(await read.json()).toEqual({ cart: [] });
  expect(setCookies(read)).toEqual([]);

  const added = await visitor.post(`${stack.url}/api/cart/add`, { data: { productId: 'sv-001' } });
  expect(added.status()).toBe(200);
  const cookies = setCookies(added);
  expect(cookies.map(({ value }) => value.split('=')[0])).toEqual(['shop.sid', 'shop.sid.sig', CART_SESSION_MARK_COOKIE]);
  for (const { value } of cookies) {
    // The session's own cookies are HttpOnly; beside them, the page's mark that a session exists (decision 047) is
    // readable by scripts and holds nothing but `1`.
    if (value.startsWith(`${CART_SESSION_MARK_COOKIE}=`)) {
      expect(value).toMatch(new RegExp(`^${CART_SESSION_MARK_COOKIE.replace('.', '\\.')}=1;`));
      expect(value).not.toMatch(/;\s*httponly/i);
    } else expect(value).toMatch(/;\s*httponly/i);
    expect(value).toMatch(/;\s*samesite=lax/i);
  }
  expect(((await (await visitor.get(`${stack.url}/api/cart`)).json()) as { cart: unknown[] }).cart).toHaveLength(1);
  await visitor.dispose();
});
