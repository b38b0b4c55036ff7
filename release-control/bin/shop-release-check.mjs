#!/usr/bin/env node
// `shop-release-check`: a remote team's release check (release-check/main.ts), run by each remote's `pnpm release:check`.
import { register } from 'tsx/esm/api';

register();
await import('../release-check/main.ts');
