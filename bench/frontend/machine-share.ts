/**
 * How busy the rest of the machine is while the bench loads a page (Linux, /proc): the CPU time of the whole machine
 * (/proc/stat) minus that of this process tree (this script, the stack it started, Chromium). Like
 * bench/cart-service/machine.ts, with one difference that matters for browsers: a process's time includes that of its
 * children it has reaped (`cutime`, `cstime`). A closed browser context's renderer exits and its time moves to the
 * process that reaps it, so the tree's total never drops; without that, its whole lifetime would drop out of the
 * tree's total and be counted as other processes' work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface CpuSample {
  busy: number;
  total: number;
  ours: number;
}

export function cpuSample(): CpuSample {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(after[1]));
      used.set(Number(entry), Number(after[11]) + Number(after[12]) + Number(after[13]) + Number(after[14]));
    } catch {
      // gone in between
    }
  }
  const ours = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at && hops < 64; at = parents.get(at), hops += 1) if (at === process.pid) return true;
    return false;
  };
  let oursTicks = 0;
  for (const [pid, ticks] of used) if (ours(pid)) oursTicks += ticks;
  return { busy, total: busy + idle + iowait, ours: oursTicks };
}

/** Share of the machine (all cores, %, one decimal) other processes used since `since`. */
export function othersPercentSince(since: CpuSample): number {
  const now = cpuSample();
  const total = now.total - since.total;
  return total > 0 ? Math.round((Math.max(0, now.busy - since.busy - (now.ours - since.ours)) / total) * 1000) / 10 : 0;
}

/** Waits (`maxSeconds` at most) until other processes use less than 10% of the machine for a second. */
export async function waitForQuietMachine(maxSeconds: number, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuSample();
    await new Promise((wake) => setTimeout(wake, 1000));
    const others = othersPercentSince(before);
    const waited = (performance.now() - started) / 1000;
    if (others < 10 || waited >= maxSeconds) {
      if (waited > 1.5) log(`  waited ${waited.toFixed(0)} s for other processes to calm down (now ${others}% of the machine)`);
      return others;
    }
  }
}
