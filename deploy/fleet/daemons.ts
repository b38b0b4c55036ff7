/**
 * The fleet's members are daemons: each started in a process group of its own, detached from the command that
 * started it, its output in a log file, its process id in the fleet's state file. `fleet down` stops them by that id.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';

export interface Started {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat): a pid reused by another process differs. */
  startedAt: number;
}

export interface DaemonSpec {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  user?: { uid: number; gid: number };
}

export function startDaemon(spec: DaemonSpec): Started {
  const log = openSync(spec.logFile, 'a');
  try {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', log, log],
      ...(spec.user ?? {}),
    });
    if (!child.pid) throw new Error(`${spec.command} could not be started`);
    child.unref();
    return { pid: child.pid, startedAt: startTimeOf(child.pid) ?? 0 };
  } finally {
    closeSync(log);
  }
}

/** The process's start time, or undefined when no such process lives (a zombie counts as gone). */
export function startTimeOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    // priority nice num_threads itrealvalue starttime …; comm may hold spaces, so split after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    return Number(fields[19]);
  } catch {
    return undefined;
  }
}

/** Whether that very process (not another one that got its pid since) still runs. */
export const isRunning = (started: Started) => {
  const now = startTimeOf(started.pid);
  return now !== undefined && (started.startedAt === 0 || now === started.startedAt);
};

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is already gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether any live (non-zombie) process is left in a process group (a daemon's renderers, say). /proc where there is
 * one: a zombie stays in its group until reaped, and in a container nobody may reap it, so `kill(-pgid, 0)` alone
 * would say a stopped group still runs.
 */
export function groupAlive(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

/**
 * `signal` (SIGTERM: the shop's servers drain, then exit) to the daemon's process group, SIGKILL to what is left after
 * `graceMs`.
 * Resolves once nothing of the group runs.
 */
export async function stopDaemon(
  started: Started,
  { graceMs = 10_000, signal = 'SIGTERM' as NodeJS.Signals } = {},
): Promise<'stopped' | 'killed' | 'gone'> {
  if (!isRunning(started)) {
    if (groupAlive(started.pid)) signalGroup(started.pid, 'SIGKILL');
    return 'gone';
  }
  signalGroup(started.pid, signal);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isRunning(started) && !groupAlive(started.pid)) return 'stopped';
    await sleep(50);
  }
  signalGroup(started.pid, 'SIGKILL');
  while (groupAlive(started.pid)) await sleep(50);
  return 'killed';
}
