import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { MessageId } from '../shared/page-text';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

/** The four ingredients of the Moroccan tradition our care is made of: each one's name, origin and use. */
const ingredients: readonly { name: MessageId; origin: MessageId; use: MessageId }[] = [
  { name: 'content.brand.argan.name', origin: 'content.brand.argan.origin', use: 'content.brand.argan.use' },
  { name: 'content.brand.rose.name', origin: 'content.brand.rose.origin', use: 'content.brand.rose.use' },
  { name: 'content.brand.rhassoul.name', origin: 'content.brand.rhassoul.origin', use: 'content.brand.rhassoul.use' },
  { name: 'content.brand.blackSoap.name', origin: 'content.brand.blackSoap.origin', use: 'content.brand.blackSoap.use' },
];

const commitments: readonly MessageId[] = ['content.brand.commitments.p1', 'content.brand.commitments.p2'];

export function OurBrandPage() {
  const { t } = useText();
  return (
    <article>
      <h1 className={page.title}>{t('content.brand.title')}</h1>
      <p className={page.intro}>{t('content.brand.intro')}</p>
      <ul className={styles.cards}>
        {ingredients.map((ingredient) => (
          <li key={ingredient.name} className={styles.card}>
            <h2>{t(ingredient.name)}</h2>
            <p>{t(ingredient.origin)}</p>
            <p>{t(ingredient.use)}</p>
          </li>
        ))}
      </ul>
      <section className={page.prose}>
        <h2>{t('content.brand.commitments.title')}</h2>
        {commitments.map((p) => (
          <p key={p}>{t(p)}</p>
        ))}
        <p>
          <ShopLink to="/shop/all">{t('content.brand.links.products')}</ShopLink> ·{' '}
          <ShopLink to="/about-us">{t('content.brand.links.about')}</ShopLink>
        </p>
      </section>
    </article>
  );
}
