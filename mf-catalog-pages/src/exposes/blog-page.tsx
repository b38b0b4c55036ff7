import { BlogPage } from '../blog/blog-page';
import { part } from '../messages/messages';

export default part(BlogPage);
