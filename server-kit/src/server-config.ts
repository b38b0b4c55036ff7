import { z } from 'zod';
import { originProblem } from '@shop/contracts/release-url';
import { LOG_LEVELS } from './logger';
import { parseTrustProxy, type TrustProxy } from './trusted-proxy';

/**
 * How the shop's servers read their configuration: one zod schema of the environment (and command line) per server,
 * in its `config.ts`, built from the settings below, read once at start by `readServerConfig`, which refuses to start
 * with one error listing every bad variable.
 */

/** A TCP port (0: any free one), `defaultPort` when unset. */
export const portSetting = (defaultPort: number) => z.coerce.number().int().min(0).max(65535).default(defaultPort);

/** LOG_LEVEL: one of pino's levels, `info` when unset. */
export const logLevelSetting = z.enum(LOG_LEVELS).default('info');

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** An origin (`scheme://host[:port]`, no path, credentials or wildcard): the one rule, contracts' `originProblem`. */
const origin = z.string().refine((value) => originProblem(value) === null, 'each origin must be scheme://host[:port] without a path or trailing slash, e.g. http://localhost:3000');

/** SHOP_ORIGIN: the shop's origins, comma-separated, each `scheme://host[:port]`; `defaultOrigin` when unset. */
export const originListSetting = (defaultOrigin: string) =>
  z.string().default(defaultOrigin).transform(commaList).pipe(z.array(origin).min(1, 'at least one origin'));

/** A comma-separated list of strings (empty items dropped); undefined when unset. */
export const optionalListSetting = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? undefined : commaList(value)));

/** ALLOWED_RELEASE_ORIGINS and the like: comma-separated origins, undefined when unset. */
export const optionalOriginListSetting = optionalListSetting.refine((origins) => !origins?.some((item) => originProblem(item)), 'each origin must be scheme://host[:port] without a path, e.g. https://mf-cart.example.ma');

/**
 * PUBLIC_URL and the like: one origin, undefined when unset; a trailing slash is the same origin. Anything else that is
 * not an origin by contracts' `originProblem` (a path, a query, credentials…) is refused: canonical links and the
 * sitemap would point elsewhere.
 */
export const originSetting = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const origin = value.endsWith('/') ? value.slice(0, -1) : value;
    if (originProblem(origin)) {
      ctx.addIssue({ code: 'custom', message: "must be the shop's origin, http(s)://host[:port], without path, query or credentials" });
      return z.NEVER;
    }
    return origin;
  });

/** A secret of the operator's choosing (a token): unset or empty is none; else at least 32 characters. */
export const secretSetting = z
  .string()
  .optional()
  .refine((value) => value === undefined || value === '' || value.length >= 32, 'must be at least 32 characters')
  .transform((value) => value || undefined);

/** An absolute http(s) URL, `defaultUrl` when unset (e.g. CART_SERVICE_URL). */
export const urlSetting = (defaultUrl: string) =>
  z
    .string()
    .default(defaultUrl)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http or https URL');

/** TRUST_PROXY (server-kit/src/trusted-proxy.ts), `fallback` when unset or empty. */
export const trustProxySetting = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value, fallback);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^TRUST_PROXY: /, '') });
        return z.NEVER;
      }
    });

/** The error a server stops with when its configuration is bad: every problem, one per line. */
export class ServerConfigError extends Error {
  constructor(service: string, problems: string[]) {
    super(`Invalid ${service} configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ServerConfigError';
  }
}

/** Checks `input` (the environment, with any command-line options) against a server's schema; throws ServerConfigError. */
export function readServerConfig<Schema extends z.ZodType>(service: string, schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ServerConfigError(
      service,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  return result.data;
}
