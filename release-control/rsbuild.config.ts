import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { precompressedAssets } from '../tools/precompressed-assets';

/**
 * The operators' console (decision 020): its own page at /operations, with no federation, so it works while remotes are
 * down. The shell's server mounts release control, which serves this build to operators only.
 */
export default defineConfig({
  plugins: [pluginReact(), precompressedAssets()],
  source: { entry: { index: './console/index.tsx' } },
  html: { title: 'Console des opérations · Maison Argane', template: './console/index.html' },
  output: { distPath: { root: 'dist/console' }, assetPrefix: '/operations/', manifest: false },
});
