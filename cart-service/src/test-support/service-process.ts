import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const packageRoot = resolve(import.meta.dirname, '../..');

/** main.ts's "cart-service listening" log line, which carries the URL: the service answers from then on. */
export const LISTENING_LINE = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"cart-service listening"/;

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** `kill -9`: no handler runs, nothing is flushed; resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, as a supervisor stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs cart-service's src/main.ts (it must log at `info` or below) in ONE process (`node --import tsx`, not the tsx launcher, whose child would survive
 * a `kill -9` of the launcher) and resolves once it logs "cart-service listening", never after a fixed sleep.
 */
export async function startServiceProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(packageRoot, 'src/main.ts')], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CART_SERVICE_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((resolveUrl, rejectUrl) => {
    const reject = (error: Error) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); // never leave one running
      rejectUrl(error);
    };
    const timer = setTimeout(() => reject(new Error(`cart-service not listening after ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000); // the tail is enough to say why it stopped
      const match = LISTENING_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`cart-service exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
