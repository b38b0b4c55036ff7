import { defineConfig } from '@rsbuild/core';
import { defineRemoteConfig } from '../tools/federation';
import pkg from './package.json';

export default defineConfig(
  defineRemoteConfig({
    name: 'mf_frame',
    packageVersion: pkg.version,
    harnessTitle: 'mf-frame — banc d’essai',
    exposes: {
      './Header': './src/exposes/header.tsx',
      './Footer': './src/exposes/footer.tsx',
    },
  }),
);
