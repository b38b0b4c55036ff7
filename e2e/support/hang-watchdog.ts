import { writeFile } from 'node:fs/promises';
import type { CDPSession, TestInfo } from '@playwright/test';

/** A step not done after this long is taken for a hung page (a first-sight journey's step takes a few seconds). */
export const HUNG_AFTER_MS = 20_000;
/** How long a hung page's main thread is profiled before the test fails with what it was doing. */
export const PROFILE_MS = 90_000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions a profile spent most of its samples in (self time), as `ms  function url:line:column`. */
export function hottestFunctions(profile: CpuProfile, count = 12): string[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const frame = `${functionName || '(anonymous)'} ${url}:${lineNumber + 1}:${columnNumber + 1}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + (byNode.get(node.id) ?? 0));
  }
  return [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, micros]) => `${Math.round(micros / 1000)} ms  ${frame}`);
}

/**
 * Runs one step of a journey under a watchdog. A step still running after `hungAfterMs` is a hung page: the page's main
 * thread is profiled (the DevTools Protocol's sampling profiler, which V8 serves even while a script spins) for
 * `profileMs`, the profile is attached to the test (open it in Chromium's DevTools, Performance panel) and the step
 * fails with the functions the page was busy in. A step that ends in time costs nothing more.
 */
export async function watched<T>(
  cdp: CDPSession,
  testInfo: TestInfo,
  label: string,
  step: () => Promise<T>,
  { hungAfterMs = HUNG_AFTER_MS, profileMs = PROFILE_MS } = {},
): Promise<T> {
  const running = step();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), hungAfterMs)));
  const first = await Promise.race([running, hung]).finally(() => clearTimeout(timer));
  if (first !== 'hung') return first as T;
  testInfo.setTimeout(testInfo.timeout + profileMs + 30_000);
  running.catch(() => undefined);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await new Promise((resolve) => setTimeout(resolve, profileMs));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const file = testInfo.outputPath(`hung-${label.replace(/[^\w-]+/g, '-')}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  await testInfo.attach(`hung page: ${label}`, { path: file, contentType: 'application/json' });
  throw new Error(`${label}: the page hung (not done ${hungAfterMs / 1000} s after it began); ${profileMs / 1000} s of its main thread, by self time:\n${hottestFunctions(profile).join('\n')}`);
}
