/**
 * The process tree under a pid, read from /proc (Linux): ppid links, command lines and working directories. Used to
 * find the real server process of one package under `scripts/run-stack.ts` (runner → npm → sh → node, or
 * → tsx → node) and to check that nothing is left after a stop. No Playwright import: faults/ uses it too.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  /** Start time in clock ticks since boot: a pid plus its start time names one process even if the pid is reused. */
  startTime: number;
  argv: string[];
  cwd: string | undefined;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    // priority nice threads itrealvalue starttime ...; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    let cwd: string | undefined;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      cwd = undefined;
    }
    return {
      pid,
      state: fields[0]!,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      startTime: Number(fields[19]),
      argv,
      cwd,
    };
  } catch {
    return undefined; // gone while we looked
  }
}

export function allProcesses(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info) list.push(info);
  }
  return list;
}

/** Every live (non-zombie) descendant of `root`, parents before children. */
export function descendants(root: number, processes = allProcesses()): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  for (const p of processes) {
    if (p.state === 'Z' || p.state === 'X') continue;
    const siblings = children.get(p.ppid) ?? [];
    siblings.push(p);
    children.set(p.ppid, siblings);
  }
  const result: ProcessInfo[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    result.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return result;
}

const isNode = (p: ProcessInfo) => p.argv.length > 0 && /^node(js)?$/.test(basename(p.argv[0]!));

/** A renderer process of the shell (shell/server/render/renderer-launch.ts): node with the permission model on renderer.mjs. */
export const isRenderer = (p: ProcessInfo) =>
  isNode(p) && p.argv.some((arg) => arg === '--permission' || arg === '--experimental-permission') && p.argv.at(-1)!.endsWith('/renderer.mjs');

/** The names of the variables in a process's environment, sorted (/proc/<pid>/environ: readable by its own user). */
export function environmentNames(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((entry) => entry.split('=')[0]!).sort();
}

/** The renderer processes below a process (the shell's server), oldest first. */
export function renderersOf(pid: number): ProcessInfo[] {
  return descendants(pid).filter(isRenderer).sort((a, b) => a.startTime - b.startTime);
}

/**
 * The server process of one package under the runner: the runner's child started in that package's folder, then
 * the deepest `node` process below it (npm → sh → node for a remote; npm → sh → tsx → node for the shell and
 * cart-service). Undefined while the package is down or restarting.
 */
export function serverProcessOf(runnerPid: number, packageDir: string): ProcessInfo | undefined {
  const processes = allProcesses();
  const top = descendants(runnerPid, processes).filter((p) => p.ppid === runnerPid && p.cwd === packageDir);
  if (top.length !== 1) return undefined;
  const subtree = [top[0]!, ...descendants(top[0]!.pid, processes)];
  // The shell's renderers are its children, not its server.
  const nodes = subtree.filter((p) => isNode(p) && !isRenderer(p));
  const deepest = nodes.filter((p) => !nodes.some((other) => other.ppid === p.pid));
  // npm itself is a node process: with nothing below it yet, the package has not started its server.
  const servers = deepest.filter((p) => p.pid !== top[0]!.pid);
  return servers.length === 1 ? servers[0] : undefined;
}

/** Whether this very process (same pid and start time) is still alive and not a zombie. */
export function stillAlive(p: Pick<ProcessInfo, 'pid' | 'startTime'>): boolean {
  const now = readProcess(p.pid);
  return now !== undefined && now.startTime === p.startTime && now.state !== 'Z' && now.state !== 'X';
}
