#!/usr/bin/env node
// Starts the whole shop: cart-service, the three remotes' servers and the shell, on the design's ports
// (environment variables override them), and supervises them: a process that dies is restarted with an exponential
// backoff while the others keep serving (the shop shows its French fallbacks meanwhile). Ctrl-C or SIGTERM stops
// them all. Production runs the same processes under a real supervisor (deploy/, docs/decisions/012).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
const dev = values.dev;

const ports = {
  SHELL_PORT: process.env.SHELL_PORT ?? '3000',
  MF_FRAME_PORT: process.env.MF_FRAME_PORT ?? '3001',
  MF_CART_PORT: process.env.MF_CART_PORT ?? '3002',
  MF_CATALOG_PAGES_PORT: process.env.MF_CATALOG_PAGES_PORT ?? '3003',
  CART_SERVICE_PORT: process.env.CART_SERVICE_PORT ?? '4000',
};
const shopUrl = `http://localhost:${ports.SHELL_PORT}`;
const env = {
  ...process.env,
  ...ports,
  SHOP_ORIGIN: process.env.SHOP_ORIGIN ?? shopUrl,
  CART_SERVICE_URL: process.env.CART_SERVICE_URL ?? `http://127.0.0.1:${ports.CART_SERVICE_PORT}`,
};

/** Restart backoff: 0.5 s, 1 s, 2 s, 4 s, then 5 s; back to 0.5 s once a process has run 10 s without dying. */
const BACKOFF = { firstMs: 500, maxMs: 5_000, stableMs: 10_000 };
/** How long a process group gets after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 8_000;

// Each package's own script, so the stack runs exactly what a team runs alone.
const script = dev ? 'dev' : 'serve';
const colors = { yellow: 33, magenta: 35, cyan: 36, green: 32, blue: 34, gray: 90 };
const packages = [
  { name: 'cart-service', color: 'yellow' },
  { name: 'mf-frame', color: 'magenta' },
  { name: 'mf-cart', color: 'cyan' },
  { name: 'mf-catalog-pages', color: 'green' },
  { name: 'shell', color: 'blue' },
];

const tty = process.stdout.isTTY;
const label = (name, color) => (tty ? `\x1b[${colors[color]}m[${name}]\x1b[0m` : `[${name}]`);
const say = (message) => console.log(`${label('supervisor', 'gray')} ${message}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether any live (non-zombie) process is left in a process group. /proc where there is one: a zombie stays in its
 * group until reaped, and in a container nobody may reap it.
 */
function groupAlive(pgid) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM';
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
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

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is already gone
  }
}

/** SIGTERM to the whole group, SIGKILL after the grace period, and wait until no process of it is left. */
async function stopGroup(pgid, { signal = 'SIGTERM', graceMs = STOP_GRACE_MS } = {}) {
  signalGroup(pgid, signal);
  const killAt = Date.now() + graceMs;
  let killed = signal === 'SIGKILL';
  while (groupAlive(pgid)) {
    if (!killed && Date.now() >= killAt) {
      signalGroup(pgid, 'SIGKILL');
      killed = true;
    }
    await sleep(50);
  }
}

let stopping = false;

class Supervised {
  constructor({ name, color }) {
    this.name = name;
    this.color = color;
    this.child = undefined;
    this.failures = 0;
    this.restartTimer = undefined;
    this.exited = Promise.resolve();
  }

  start() {
    if (stopping) return;
    const startedAt = Date.now();
    // Its own process group (detached): npm → sh → node is stopped, and cleaned after a death, as one.
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: resolve(root, this.name),
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const prefix = label(this.name, this.color);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix} ${line}\n`),
      );
    }
    this.exited = new Promise((done) => {
      let handled = false;
      const exited = (code, signal) => {
        if (handled) return;
        handled = true;
        this.onExit(child, code, signal, startedAt).finally(done);
      };
      // 'exit', not 'close': when npm alone dies, its orphans still hold the pipes open.
      child.once('exit', exited);
      child.once('error', (error) => {
        console.error(`${label('supervisor', 'gray')} ${this.name} : démarrage impossible (${error.message})`);
        exited(null, null);
      });
    });
  }

  async onExit(child, code, signal, startedAt) {
    const how = signal ? `signal ${signal}` : `code ${code}`;
    // Whatever is left of its group (a killed leaf leaves nothing; a killed npm leaves sh and node on the port).
    if (child.pid) await stopGroup(child.pid, { signal: stopping ? 'SIGTERM' : 'SIGKILL' });
    if (this.child === child) this.child = undefined;
    if (stopping) {
      say(`${this.name} arrêté (${how})`);
      return;
    }
    const ranMs = Date.now() - startedAt;
    if (ranMs >= BACKOFF.stableMs) this.failures = 0;
    const delay = Math.min(BACKOFF.firstMs * 2 ** this.failures, BACKOFF.maxMs);
    this.failures += 1;
    console.error(
      `${label('supervisor', 'gray')} ${this.name} s'est arrêté (${how}) après ${(ranMs / 1000).toFixed(1)} s ; ` +
        `redémarrage n° ${this.failures} dans ${delay} ms`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (stopping) return;
      say(`${this.name} redémarre (n° ${this.failures})`);
      this.start();
    }, delay);
  }

  async stop() {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const child = this.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) signalGroup(child.pid, 'SIGTERM');
    if (child?.pid) {
      // The exit handler waits for the group (SIGKILL after the grace period).
      const forced = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), STOP_GRACE_MS);
      await this.exited;
      clearTimeout(forced);
    }
  }
}

const supervised = packages.map((p) => new Supervised(p));
for (const s of supervised) s.start();

async function shutdown(signal) {
  if (stopping) {
    // A second Ctrl-C: no more patience.
    for (const s of supervised) if (s.child?.pid) signalGroup(s.child.pid, 'SIGKILL');
    return;
  }
  stopping = true;
  say(`${signal} reçu : arrêt de tous les processus`);
  await Promise.all(supervised.map((s) => s.stop()));
  say('tout est arrêté');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

// Say where the shop is once the shell and cart-service answer (readiness, not a fixed delay).
const started = Date.now();
const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};
(async function announceWhenReady() {
  while (!stopping && Date.now() - started < 120_000) {
    if ((await answers(`${shopUrl}/healthz`)) && (await answers(`${env.CART_SERVICE_URL}/healthz`))) {
      console.log(`\n  La boutique est prête : ${shopUrl}\n  (Ctrl-C pour tout arrêter)\n`);
      return;
    }
    await sleep(250);
  }
})();
