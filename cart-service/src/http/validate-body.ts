import { z } from 'zod';
import { DEFAULT_LOCALE, type ShopLocale } from '@shop/contracts/locales';
import { ApiError, messagesIn } from './api-error';

/** A message per body field, in the request's language; the first failing field decides the answer. */
export type FieldMessages = Record<string, string>;

export interface BodyRefusals {
  /** The request's language (French unless told): the default refusals' below. */
  locale?: ShopLocale;
  /** The message for a field whose value the schema refuses (schemas that check a form's rules say it themselves). */
  fields?: FieldMessages;
  /**
   * The message for a body that is not an object or holds a key the schema does not know; by default
   * `expectedObject` and `unknownField` in `locale`. A one-field operators' body says what it expects instead.
   */
  shapeMessage?: string;
}

/**
 * Refuses a body, from inside a schema's `.transform`, with a message per invalid field: what a form's rule
 * (contracts/src/delivery.ts, tracking.ts) found, every field at once, in the language the schema was made for.
 * validateBody answers it as 400 `validation_failed` with `message` and `fields`.
 */
export function refuseFields(ctx: z.RefinementCtx, message: string, fields: Partial<Record<string, string>>): never {
  ctx.addIssue({ code: 'custom', message, params: { fields } });
  return z.NEVER;
}

function fieldsOf(issue: z.core.$ZodIssue): FieldMessages | undefined {
  if (issue.code !== 'custom') return undefined;
  const fields: unknown = issue.params?.['fields'];
  return typeof fields === 'object' && fields !== null ? (fields as FieldMessages) : undefined;
}

/**
 * Validates a parsed body against a strict zod schema. Unknown keys (including `__proto__` and `constructor`,
 * which JSON.parse keeps as own properties) are refused, so nothing unexpected reaches the route's logic.
 */
export function validateBody<T extends z.ZodType>(schema: T, body: unknown, refusals: BodyRefusals = {}): z.infer<T> {
  const messages = messagesIn[refusals.locale ?? DEFAULT_LOCALE];
  const fieldMessages = refusals.fields ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_failed', refusals.shapeMessage ?? messages.expectedObject);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || issue.code === 'unrecognized_keys') {
    throw new ApiError(400, 'validation_failed', refusals.shapeMessage ?? messages.unknownField);
  }
  const fields = fieldsOf(issue);
  if (fields) throw new ApiError(400, 'validation_failed', issue.message, { extra: { fields } });
  const field = issue.path[0];
  const message = typeof field === 'string' && Object.hasOwn(fieldMessages, field) ? fieldMessages[field] : undefined;
  throw new ApiError(400, 'validation_failed', message ?? refusals.shapeMessage ?? messages.expectedObject);
}
