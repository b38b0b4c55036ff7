import { BlogPage } from '../blog/blog-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { blogWords } from '../messages/blog-words';

export default part(BlogPage, [sharedWords, blogWords]);
