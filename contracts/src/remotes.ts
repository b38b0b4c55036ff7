import * as z from 'zod/mini';
import { originProblem, releaseUrlProblem } from './release-url';

/** Every remote the shell composes, by its federation name. */
export const REMOTE_NAMES = ['mf_frame', 'mf_cart', 'mf_catalog_pages'] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The operators' contract: `remotes.json`, served by the shell with `Cache-Control: no-store`. */
export interface RemotesConfig {
  remotes: RemoteEntry[];
  /**
   * Origins a browser may load a candidate release from with `?mf-override=<name>@<manifest url>` (remembered
   * for that browser's session). A remote runs code in the shop's origin, so anything else is refused.
   */
  overrideOrigins?: string[];
  /**
   * A candidate release of one remote served to a share of browsers (decision 021): each browser's bucket (a cookie)
   * picks the candidate or the live release, on the server and in the browser alike. One canary at a time, so a
   * failure is always the candidate's; the operators' console starts, raises, promotes and aborts it.
   */
  canary?: Canary;
}

export interface Canary {
  name: RemoteName;
  /** The candidate release's `mf-manifest.json` (never the live one). */
  entry: string;
  /** Percent of browsers (1–100) that get the candidate. */
  share: number;
  /** ISO 8601: when this candidate started; its telemetry counts from then. */
  startedAt: string;
}

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the release's `mf-manifest.json`, e.g. `http://localhost:3002/1.0.0/mf-manifest.json`. */
  entry: string;
}

/** `GET /remotes/status` on the shell's server: what each configured remote answers right now. */
export interface RemotesStatus {
  checkedAt: string;
  remotes: RemoteStatus[];
}

export interface RemoteStatus {
  name: RemoteName;
  entry: string;
  /** The version its manifest declares (`metaData.buildInfo.buildVersion`), or null when it did not answer. */
  version: string | null;
  up: boolean;
  ms: number;
  error?: string;
}

/** Messages of their own (zod/mini carries none, and the browser needs no locale): an object, without unknown keys. */
const objectProblem = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown key ${(issue.keys ?? []).map((key) => JSON.stringify(key)).join(', ')}` : 'must be an object';

/** A string that `problem` finds nothing wrong with; the issue quotes the text (cut to 200 characters) and the reason. */
const checkedString = (problem: (text: string) => string | null) =>
  z.string('must be a string').check(
    z.superRefine((text, ctx) => {
      const reason = problem(text);
      if (reason) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(text.slice(0, 200))} ${reason}`, input: text });
    }),
  );

/**
 * The one schema of remotes.json, strict: each remote exactly once, at a canonical release URL, no other key, at most
 * 20 override origins. The shell's server refuses a file that fails it (and keeps the last good one); the browser
 * checks the copy it is given with it too, and falls back (the file, then the remotes' fallbacks) when it fails.
 */
export const remotesConfigSchema = z.strictObject(
  {
    remotes: z
      .array(
        z.strictObject(
          { name: z.enum(REMOTE_NAMES, `must be one of ${REMOTE_NAMES.join(', ')}`), entry: checkedString(releaseUrlProblem) },
          { error: objectProblem },
        ),
        'must be a list',
      )
      .check(
        z.refine((list) => REMOTE_NAMES.every((name) => list.filter((remote) => remote.name === name).length === 1), {
          message: `each of ${REMOTE_NAMES.join(', ')} must appear exactly once`,
        }),
      ),
    overrideOrigins: z.optional(
      z.array(checkedString(originProblem), 'must be a list').check(z.maxLength(20, 'at most 20 origins')),
    ),
    canary: z.optional(
      z.strictObject(
        {
          name: z.enum(REMOTE_NAMES, `must be one of ${REMOTE_NAMES.join(', ')}`),
          entry: checkedString(releaseUrlProblem),
          share: z.int('must be a whole number').check(z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100')),
          startedAt: z.iso.datetime('must be an ISO 8601 time (UTC)'),
        },
        { error: objectProblem },
      ),
    ),
  },
  { error: objectProblem },
).check(
  z.refine((config) => !config.canary || config.remotes.every((remote) => remote.entry !== config.canary!.entry), {
    message: 'canary: its entry must not be a live release',
    path: ['canary', 'entry'],
  }),
);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails `typecheck` if the schema and the documented types above stop describing the same thing. */
export type RemotesSchemaMatchesTypes<T extends true = Same<z.infer<typeof remotesConfigSchema>, RemotesConfig>> = T;

/** `config` with `name` on the release at `entry` (a switch, a roll back, a promotion, the canary's browsers). */
export function withRelease<C extends RemotesConfig>(config: C, name: RemoteName, entry: string): C {
  return { ...config, remotes: config.remotes.map((remote) => (remote.name === name ? { ...remote, entry } : remote)) };
}

/** The configuration in `value` (already parsed JSON), or an error saying every problem, one per line. */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  const result = remotesConfigSchema.safeParse(value);
  if (!result.success) throw new Error(`remotes.json: ${z.prettifyError(result.error).replace(/\n/g, '; ')}`);
  return result.data;
}

/** The configuration in a remotes.json text; malformed JSON is refused like any other problem. */
export function parseRemotesConfigText(text: string): RemotesConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`remotes.json: not JSON (${(error as Error).message})`, { cause: error });
  }
  return parseRemotesConfig(value);
}
