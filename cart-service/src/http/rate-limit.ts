import type { AttemptCounter, WindowCount } from '../store/attempt-counter';
import { ApiError } from './api-error';

/**
 * Counts one attempt under `key` and refuses it past `max` in the window: 429 `too_many_attempts` with Retry-After and
 * the `message` for the seconds left (in the request's language). The attempt is counted before anything is evaluated (one atomic step in
 * the store), so concurrent attempts cannot get past the limit. Returns the window's count, this attempt included.
 */
export async function countOrRefuse(
  counter: AttemptCounter,
  key: string,
  limit: { max: number; windowMs: number },
  message: (secondsLeft: number) => string,
): Promise<WindowCount> {
  const attempt = await counter.countAttempt(key, limit.windowMs);
  if (attempt.count > limit.max) {
    const seconds = Math.max(1, Math.ceil(attempt.resetInMs / 1000));
    throw new ApiError(429, 'too_many_attempts', message(seconds), { headers: { 'Retry-After': String(seconds) } });
  }
  return attempt;
}
