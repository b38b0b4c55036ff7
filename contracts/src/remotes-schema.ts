/**
 * The one schema of remotes.json (zod): the shell's server applies it to the file, to every revision and to each
 * operator's change. Apart from the types in `./remotes`, so that browser code reading a remotes configuration does
 * not download a validator for a copy the server has already checked (decision 023; ESLint keeps schemas out of
 * browser code).
 */
import * as z from 'zod/mini';
import { originProblem, releaseUrlProblem } from './release-url';
import { REMOTE_NAMES, type RemotesConfig } from './remotes';

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
 * 20 override origins. The shell's server refuses a file that fails it (and keeps the last good one); every other
 * reader (the browser, the console) gets a copy the server checked with it, so the browser does not carry it (decision
 * 023).
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
