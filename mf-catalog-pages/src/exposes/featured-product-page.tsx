export { FeaturedProductPage as default } from '../product/featured-product-page';
