import type { Server } from 'node:http';
import { z } from 'zod';

/**
 * SHUTDOWN_DRAIN_MS: how long a stopping server keeps serving with its readiness answering 503, so a load balancer's
 * health check sees it going and stops sending before its port closes (the fleet's HAProxy checks every second:
 * deploy/haproxy). 0 (the default, one machine with nobody in front) stops at once.
 */
export const drainSetting = z.coerce.number().int().min(0).max(60_000).default(0);

/** How long requests already running get once the port is closed, before their connections are cut. */
export const STOP_GRACE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server's way out behind a load balancer: `draining` turns true at once (readiness answers 503), the server keeps
 * answering for `drainMs`, then stops accepting, lets running requests finish (`graceMs` at most) and cuts what is left.
 * Idle keep-alive connections are closed when the port closes, so the balancer opens its next ones elsewhere.
 */
export class GracefulStop {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  async stop(servers: Iterable<Server>, { drainMs, graceMs = STOP_GRACE_MS }: { drainMs: number; graceMs?: number }): Promise<void> {
    this.#draining = true;
    if (drainMs > 0) await sleep(drainMs);
    await Promise.all([...servers].map((server) => closeWithin(server, graceMs)));
  }
}

function closeWithin(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    // A keep-alive connection whose request ends after the port closed would otherwise idle until its timeout.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(idle);
      resolve();
    });
    server.closeIdleConnections();
  });
}
