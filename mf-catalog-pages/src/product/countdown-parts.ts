export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `end`, or null once it has passed. */
export function countdownParts(now: number, end: number): CountdownParts | null {
  const left = Math.floor((end - now) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatCountdown(parts: CountdownParts): string {
  const days = parts.days > 0 ? `${parts.days} j ` : '';
  return `${days}${pad(parts.hours)} h ${pad(parts.minutes)} min ${pad(parts.seconds)} s`;
}
