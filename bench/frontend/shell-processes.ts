import { join } from 'node:path';
import { allProcesses, descendants, isRenderer, type ProcessInfo } from '../../e2e/support/process-tree';
import { memoryMB } from '../cart-service/machine';

/** The shell's server process of the stack of `root` started by this bench (not its renderers), and its renderer processes. */
export function shellProcesses(root: string): { server: ProcessInfo; renderers: ProcessInfo[] } {
  const mine = descendants(process.pid, allProcesses());
  const nodes = mine.filter((p) => /node$/.test(p.argv[0] ?? '') && !isRenderer(p) && p.cwd === join(root, 'shell'));
  const server = nodes.find((p) => !nodes.some((other) => other.ppid === p.pid));
  if (!server) throw new Error(`no shell server process for ${root}`);
  return { server, renderers: descendants(server.pid).filter(isRenderer) };
}

/** A process's resident memory, 0 once it has gone (a renderer may end between listing and reading). */
export function rssMb(pid: number): number {
  try {
    return memoryMB(pid).rss;
  } catch {
    return 0;
  }
}
