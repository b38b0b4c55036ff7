import { expect, test } from './support/test';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

test('GET /api/cart through the shell’s proxy answers an empty cart and an HttpOnly, SameSite=Lax session cookie', async ({
  playwright,
}) => {
  const visitor = await playwright.request.newContext();
  const response = await visitor.get(`${stack.url}/api/cart`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ cart: [] });

  const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
  expect(cookies.length).toBeGreaterThan(0);
  for (const { value } of cookies) {
    expect(value).toMatch(/;\s*httponly/i);
    expect(value).toMatch(/;\s*samesite=lax/i);
  }
  await visitor.dispose();
});
