import { ShopLink } from '@shop/contracts/shop-link';
import { articles } from '../shared/content/articles';
import { articlePath } from '../shared/article-path';
import styles from './home-page.module.css';

const ARTICLES = 3;

/** The journal's latest articles: text and links only, with the articles' content in its own chunk. */
export default function Journal() {
  return (
    <section aria-labelledby="home-journal" className={styles.block}>
      <h2 id="home-journal">Le journal</h2>
      <ul className={styles.articles}>
        {articles.slice(0, ARTICLES).map((a) => (
          <li key={a.slug}>
            <ShopLink to={articlePath(a.slug)}>{a.title}</ShopLink>
            <p>{a.excerpt}</p>
          </li>
        ))}
      </ul>
      <ShopLink to="/blog-grid">Tous les articles</ShopLink>
    </section>
  );
}
