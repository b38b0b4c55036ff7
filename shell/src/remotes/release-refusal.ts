import { releaseUrlProblem } from '@shop/contracts/release-url';
import { REMOTE_NAMES } from '@shop/contracts/remotes';

/**
 * Why the browser will not load remote `name` from `entry` whoever asks (the page's configuration or a candidate), or
 * null: it must be a remote the shell composes, at a canonical http(s) release URL.
 */
export function releaseRefusal(name: string, entry: string): string | null {
  if (!(REMOTE_NAMES as readonly string[]).includes(name)) return `unknown remote "${name}"`;
  const problem = releaseUrlProblem(entry);
  return problem ? `entry "${entry}" refused: it ${problem}` : null;
}
