export { ProductPage as default } from '../product/product-page';
