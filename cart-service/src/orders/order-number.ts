import { randomInt } from 'node:crypto';
import { formatOrderNumber, ORDER_NUMBER_ALPHABET, ORDER_NUMBER_LENGTH } from '@shop/contracts/order-number';

/**
 * Draws a new order number in the contracts' format (contracts/src/order-number.ts). 31^8 ≈ 8.5 × 10^11 numbers drawn
 * with a CSPRNG: with tracking also asking for the phone and slowing down repeated failures, guessing one is hopeless.
 */
export function newOrderNumber(): string {
  let raw = '';
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i += 1) raw += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return formatOrderNumber(raw);
}
