import { defineConfig } from '@rsbuild/core';
import { defineRemoteConfig } from '../tools/federation';
import pkg from './package.json';

export default defineConfig(
  defineRemoteConfig({
    name: 'mf_cart',
    packageVersion: pkg.version,
    harnessTitle: 'mf-cart — banc d’essai',
    exposes: {
      './CartDropdown': './src/exposes/cart-dropdown.tsx',
      './CartPage': './src/exposes/cart-page.tsx',
      './CartLines': './src/exposes/cart-lines.tsx',
    },
  }),
);
