import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { articles } from '../shared/content/articles';
import { articlePath } from '../shared/article-path';
import styles from './home-page.module.css';

const ARTICLES = 3;

/** The journal's latest articles: text and links only, with the articles' content in its own chunk. */
export default function Journal() {
  const { t } = useText();
  return (
    <section aria-labelledby="home-journal" className={styles.block}>
      <h2 id="home-journal">{t('home.journal.title')}</h2>
      <ul className={styles.articles}>
        {articles.slice(0, ARTICLES).map((a) => (
          <li key={a.slug}>
            <ShopLink to={articlePath(a.slug)}>{t(a.titleId)}</ShopLink>
            <p>{t(a.excerptId)}</p>
          </li>
        ))}
      </ul>
      <ShopLink to="/blog-grid">{t('home.journal.all')}</ShopLink>
    </section>
  );
}
