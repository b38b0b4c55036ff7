import { BlogPage } from '../blog/blog-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { blogWords } from '../messages/blog-words';
import { articleWords } from '../messages/articles-words';

export default part(BlogPage, [sharedWords, blogWords, articleWords]);
