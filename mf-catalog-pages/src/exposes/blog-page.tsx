export { BlogPage as default } from '../blog/blog-page';
