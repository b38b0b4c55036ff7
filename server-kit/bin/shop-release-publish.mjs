#!/usr/bin/env node
// `shop-release-publish --remote <name> [--dir dist] <version>`: publishes a remote's built release to its store, a
// bucket or a release server's folder (src/release-store/publish-main.ts), run by each remote's `pnpm release:publish`.
import { register } from 'tsx/esm/api';

register();
await import('../src/release-store/publish-main.ts');
