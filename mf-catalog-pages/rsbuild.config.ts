import { defineConfig } from '@rsbuild/core';
import { defineRemoteConfig } from '../tools/federation';
import pkg from './package.json';

export default defineConfig(
  defineRemoteConfig({
    name: 'mf_catalog_pages',
    packageVersion: pkg.version,
    harnessTitle: 'mf-catalog-pages — banc d’essai',
    exposes: {
      './HomePage': './src/exposes/home-page.tsx',
      './CategoryPage': './src/exposes/category-page.tsx',
      './CheckoutPage': './src/exposes/checkout-page.tsx',
      './OrderConfirmationPage': './src/exposes/order-confirmation-page.tsx',
      './ProductPage': './src/exposes/product-page.tsx',
      './ListingPage': './src/exposes/listing-page.tsx',
      './FeaturedProductPage': './src/exposes/featured-product-page.tsx',
      './BlogPage': './src/exposes/blog-page.tsx',
      './ContentPage': './src/exposes/content-page.tsx',
      './WishlistPage': './src/exposes/wishlist-page.tsx',
    },
  }),
);
