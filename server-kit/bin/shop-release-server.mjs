#!/usr/bin/env node
// `shop-release-server --remote <name> [--dir dist]`: a remote's release server (src/release-server/main.ts), in this
// one process (tsx's loader, not its launcher, so a supervisor's signal and a kill reach the server itself).
import { register } from 'tsx/esm/api';

register();
await import('../src/release-server/main.ts');
