import type { Context } from 'koa';
import { MERCHANDISING_MESSAGES, OPERATOR_HEADER, type StaleVersionError as StaleVersionBody } from '@shop/contracts/merchandising';
import { MAX_PHOTOS } from '@shop/contracts/photos';
import { PRODUCT_KEY } from '@shop/contracts/product-query';
import {
  ProductNotFoundError,
  StaleVersionError,
  StockBelowZeroError,
  TooManyPhotosError,
  UnknownPhotoError,
  type Author,
} from '../store/merchandising';
import { ApiError } from './api-error';
import { sendJson } from './send-json';

/** Who the audit log names when a script calls cart-service directly, with no operator named. */
const UNNAMED = 'API';

/** The operator release-control names (it authenticated them): trusted only on routes behind the admin token. */
export function authorOf(ctx: Context): Author {
  const named = ctx.get(OPERATOR_HEADER).trim();
  return { by: /^[\p{L}\p{N} ._@-]{1,64}$/u.test(named) ? named : UNNAMED, at: new Date() };
}

/** The `:id` of a merchandiser's route, when it can be a product's (a 404 otherwise, as an unknown product). */
export function productIdOf(ctx: Context): string {
  const id = String((ctx as Context & { params?: Record<string, string> }).params?.['id'] ?? '');
  if (!PRODUCT_KEY.test(id)) throw new ApiError(404, 'product_not_found', MERCHANDISING_MESSAGES.productNotFound);
  return id;
}

/** 409 `stale_version`: the envelope and the product as it is now, for the console to show beside what was typed. */
export function sendStaleVersion(ctx: Context, current: StaleVersionError['current']): void {
  const refusal: StaleVersionBody = { error: { code: 'stale_version', message: MERCHANDISING_MESSAGES.staleVersion }, current };
  sendJson(ctx, refusal, 409);
}

/**
 * A merchandiser's write the store refused, as the API answers it (decision 043): a stale version is answered here
 * (409 with the product as it is now); the others are thrown as their envelope; anything else is thrown as it is.
 */
export function answerRefusal(ctx: Context, error: unknown): void {
  if (error instanceof StaleVersionError) return sendStaleVersion(ctx, error.current);
  if (error instanceof ProductNotFoundError) throw new ApiError(404, 'product_not_found', MERCHANDISING_MESSAGES.productNotFound);
  if (error instanceof StockBelowZeroError) throw new ApiError(409, 'out_of_stock', MERCHANDISING_MESSAGES.stockBelowZero(error.onHand));
  if (error instanceof TooManyPhotosError) throw new ApiError(409, 'validation_failed', MERCHANDISING_MESSAGES.tooManyPhotos(MAX_PHOTOS));
  if (error instanceof UnknownPhotoError) throw new ApiError(409, 'validation_failed', MERCHANDISING_MESSAGES.unknownPhoto);
  throw error;
}
