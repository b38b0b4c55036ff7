import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import type { Locator, Page } from '@playwright/test';
import { DELIVERY_MAX_LENGTHS, deliveryMessages } from '@shop/contracts/delivery';
import type { ApiErrorBody } from '@shop/contracts/errors';
import type { DeliveryDetails } from '@shop/contracts/orders';
import { addToCart, products, serverCart } from './support/cart';
import { catalogContent, pageHeading } from './support/catalog-pages';
import { stackForThisFile } from './support/stack';

/**
 * Both sides of the wire apply the delivery rules of contracts/src/delivery.ts: the checkout form (in Chromium) and
 * cart-service (POST /api/orders). For each row of bad details, both must refuse the same field with the same French
 * message, the one the contracts hold. One stack, one page, one cart for every row.
 */
const stack = stackForThisFile();

type Field = keyof DeliveryDetails;

const valid: Required<DeliveryDetails> = {
  fullName: 'Fatima Zahra El Idrissi',
  phone: '06 12 34 56 78',
  city: 'Casablanca',
  address: '27, rue Ibnou Mounir, Maârif',
  note: '',
};

const rows: Array<{ name: string; change: Partial<DeliveryDetails>; field: Field; message: string }> = [
  { name: 'missing name', change: { fullName: '' }, field: 'fullName', message: deliveryMessages.fullNameMissing },
  { name: 'short name', change: { fullName: 'Al' }, field: 'fullName', message: deliveryMessages.fullNameShort },
  { name: 'digits in the name', change: { fullName: 'R2D2 Benani' }, field: 'fullName', message: deliveryMessages.fullNameChars },
  { name: 'too long name', change: { fullName: 'A'.repeat(101) }, field: 'fullName', message: deliveryMessages.tooLong(DELIVERY_MAX_LENGTHS.fullName) },
  { name: 'missing phone', change: { phone: '  ' }, field: 'phone', message: deliveryMessages.phoneMissing },
  { name: 'phone that is not Moroccan', change: { phone: '08 12 34 56 78' }, field: 'phone', message: deliveryMessages.phoneInvalid },
  { name: 'phone one digit short', change: { phone: '06 12 34 56 7' }, field: 'phone', message: deliveryMessages.phoneInvalid },
  { name: 'missing city', change: { city: '' }, field: 'city', message: deliveryMessages.cityMissing },
  { name: 'one-letter city', change: { city: 'R' }, field: 'city', message: deliveryMessages.cityInvalid },
  // A text input drops LF and CR itself; a pasted LINE SEPARATOR stays, and is a line break to the rule.
  { name: 'line break in the city', change: { city: 'Rabat\u2028Salé' }, field: 'city', message: deliveryMessages.lineBreak },
  { name: 'missing address', change: { address: '' }, field: 'address', message: deliveryMessages.addressMissing },
  { name: 'short address', change: { address: 'rue 3' }, field: 'address', message: deliveryMessages.addressShort },
  { name: 'bidi override in the address', change: { address: '12, rue \u202Etaba\u202C, Agdal' }, field: 'address', message: deliveryMessages.invisibleChars },
  { name: 'too long note', change: { note: 'n'.repeat(DELIVERY_MAX_LENGTHS.note + 1) }, field: 'note', message: deliveryMessages.noteTooLong },
];

const labels: Record<Field, string> = {
  fullName: 'Nom complet',
  phone: 'Téléphone',
  city: 'Ville',
  address: 'Adresse',
  note: 'Note pour le livreur',
};

const form = (page: Page) => catalogContent(page).getByRole('form', { name: 'Livraison et paiement à la livraison' });
const control = (page: Page, field: Field) => form(page).getByLabel(labels[field]);

/** The error text the form shows under a control (FormField ties it with aria-describedby), or null. */
const errorUnder = (control: Locator) =>
  control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
    const errorId = ids.find((id) => id.endsWith('-erreur'));
    return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
  });

/** Every field's error as the form shows it, in the shape of the service's `error.fields`. */
async function formErrors(page: Page): Promise<Partial<Record<Field, string>>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(labels) as Field[]) {
    const message = await errorUnder(control(page, field));
    if (message) errors[field] = message;
  }
  return errors;
}

test('the checkout form and cart-service refuse the same bad delivery details with the same French message', async ({ page, request }) => {
  const [product] = await products(request, stack.url);
  await addToCart(page, stack.url, product!.id, 1);
  await page.goto(`${stack.url}/shop/checkout`);
  await expect(pageHeading(page)).toHaveText('Paiement');
  // The textarea's maxlength stops typing at 500 characters; a value put there another way (autofill, a script) still
  // meets the rule behind it, which is what both sides must agree on.
  await control(page, 'note').evaluate((element) => element.removeAttribute('maxlength'));
  let formPosts = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/orders') formPosts += 1;
  });

  for (const row of rows) {
    await test.step(row.name, async () => {
      const details = { ...valid, ...row.change };
      const expected = { [row.field]: row.message };

      for (const field of Object.keys(labels) as Field[]) await control(page, field).fill(details[field]);
      await expect(control(page, row.field)).toHaveValue(details[row.field]); // typed as given, not cut or cleaned
      await form(page).getByRole('button', { name: 'Confirmer la commande' }).click();
      await expect.poll(() => formErrors(page), { message: 'the checkout form’s field errors' }).toEqual(expected);
      expect(formPosts, 'the form refuses before sending anything').toBe(0);

      // The details as typed (the form trims them and leaves out an empty note; the service does the same).
      const answer = await page.request.post(`${stack.url}/api/orders`, {
        data: details,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(answer.status()).toBe(400);
      const { error } = (await answer.json()) as ApiErrorBody;
      expect(error.code).toBe('validation_failed');
      expect(error.message).toBe(deliveryMessages.summary);
      expect(error.fields, 'cart-service’s field errors').toEqual(expected);
    });
  }

  // Every refusal came before the cart: nothing was ordered and the line is still there.
  expect((await serverCart(page, stack.url)).map((line) => [line.productId, line.quantity])).toEqual([[product!.id, 1]]);
});
