import type { z } from 'zod';
import { ApiError, messages } from './api-error';

/** French message per body field; the first failing field decides the answer. */
export type FieldMessages = Record<string, string>;

/**
 * Validates a parsed body against a strict zod schema. Unknown keys (including `__proto__` and `constructor`,
 * which JSON.parse keeps as own properties) are refused, so nothing unexpected reaches the cart logic.
 */
export function validateBody<T extends z.ZodType>(schema: T, body: unknown, fieldMessages: FieldMessages): z.infer<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_failed', messages.expectedObject);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || issue.code === 'unrecognized_keys') {
    throw new ApiError(400, 'validation_failed', messages.unknownField);
  }
  const field = issue.path[0];
  const message = typeof field === 'string' && Object.hasOwn(fieldMessages, field) ? fieldMessages[field] : undefined;
  throw new ApiError(400, 'validation_failed', message ?? messages.expectedObject);
}
