/**
 * The schema of a telemetry beacon (zod), which the shell's server applies to every `POST /telemetry`. Apart from the
 * types in `./progressive-delivery`, so the browser code that sends beacons does not download it (decision 023).
 */
import * as z from 'zod/mini';
import { MAX_VIEWS_PER_BEACON, TRACEPARENT, VIEW_OUTCOMES, type TelemetryBeacon } from './progressive-delivery';
import { REMOTE_NAMES } from './remotes';

export const telemetryBeaconSchema = z.strictObject({
  // The server's own token, checked there (signature, age, releases); here only its shape and size.
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,600}\.[A-Za-z0-9_-]{16,64}$/)),
  views: z
    .array(
      z.strictObject({
        remote: z.enum(REMOTE_NAMES),
        version: z.string().check(z.regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/)),
        outcome: z.enum(VIEW_OUTCOMES),
      }),
    )
    .check(
      z.minLength(1),
      z.maxLength(MAX_VIEWS_PER_BEACON),
      // One page view names each remote once.
      z.refine((views) => new Set(views.map((view) => view.remote)).size === views.length, 'each remote once'),
    ),
  traceparent: z.optional(z.string().check(z.regex(TRACEPARENT))),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails `typecheck` if the schema and the documented type stop describing the same thing. */
export type BeaconSchemaMatchesType<T extends true = Same<z.infer<typeof telemetryBeaconSchema>, TelemetryBeacon>> = T;

