/**
 * What the scale bench reads from /proc while it loads cart-service: the app's memory, CPU time by process (the app,
 * the PostgreSQL server's processes, this load generator) and how busy the rest of the machine is. Linux only.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** CPU milliseconds per request, by process (see cpuWindow). */
export interface CpuUse {
  appMs: number;
  databaseServerMs: number;
  loadGeneratorMs: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Resident and peak memory of the app's process (the node process running server.ts, not tsx's launcher). */
export function memoryMB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: round1(kB('VmRSS') / 1024), peak: round1(kB('VmHWM') / 1024) };
}

/**
 * CPU time in clock ticks: the whole machine's (busy and total, all cores, /proc/stat) and this process tree's (this
 * script, the app, the PostgreSQL server and its backends; Chromium and its renderers for bench:window), with the
 * app's and this script's own shares. What is busy and not ours is other work on the machine (another build or test
 * run), which makes every figure worse: each case reports it. The tree's time includes what its processes' reaped
 * children used (`cutime`, `cstime`): a closed browser context's renderer or a finished database backend exits and
 * its time moves to the process that reaps it, so it never drops out of the tree's total and counts as others' work.
 */
export function cpuTicks(appPid = 0): { busy: number; total: number; ours: number; app: number; self: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  const withChildren = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(after[1]));
      used.set(Number(entry), Number(after[11]) + Number(after[12]));
      withChildren.set(Number(entry), Number(after[11]) + Number(after[12]) + Number(after[13]) + Number(after[14]));
    } catch {
      // gone in between
    }
  }
  const ours = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at && hops < 64; at = parents.get(at), hops += 1) if (at === process.pid) return true;
    return false;
  };
  let oursTicks = 0;
  for (const [pid, ticks] of withChildren) if (ours(pid)) oursTicks += ticks;
  return { busy, total: busy + idle + iowait, ours: oursTicks, app: used.get(appPid) ?? 0, self: used.get(process.pid) ?? 0 };
}

const msPerTick = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/**
 * Where the time goes: CPU milliseconds per request (per order loop for orders) in the app's process, in the
 * rest of this process tree (the PostgreSQL server's processes; nothing for PGlite, which runs inside the app) and in
 * this load generator, over a measurement started with `cpuWindow` and ended with `per(count)`.
 */
export function cpuWindow(appPid: number): { per(count: number): CpuUse } {
  const before = cpuTicks(appPid);
  return {
    per(count) {
      const after = cpuTicks(appPid);
      const app = after.app - before.app;
      const self = after.self - before.self;
      const rest = after.ours - before.ours - app - self;
      const each = (ticks: number) => Math.round(((Math.max(0, ticks) * msPerTick) / Math.max(1, count)) * 100) / 100;
      return { appMs: each(app), databaseServerMs: each(rest), loadGeneratorMs: each(self) };
    },
  };
}

/** Share of the machine (all cores, %) used by other processes since `since`. */
export function othersPercent(since: ReturnType<typeof cpuTicks>): number {
  const now = cpuTicks();
  const total = now.total - since.total;
  return total > 0 ? round1((Math.max(0, now.busy - since.busy - (now.ours - since.ours)) / total) * 100) : 0;
}

/** Waits (`quietWait` seconds at most) until other processes use less than 10% of the machine for a second. */
export async function waitForQuiet(quietWait: number, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuTicks();
    await new Promise((wake) => setTimeout(wake, 1000));
    const others = othersPercent(before);
    const waited = (performance.now() - started) / 1000;
    if (others < 10 || waited >= quietWait) {
      if (waited > 1.5) log(`  waited ${waited.toFixed(0)} s for other processes to calm down (now ${others}% of the machine)`);
      return others;
    }
  }
}
