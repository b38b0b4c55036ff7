import { ShopLink } from '@shop/contracts/shop-link';
import { ourBrand } from '../shared/content/brand-story';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

export function OurBrandPage() {
  return (
    <article>
      <h1 className={page.title}>{ourBrand.title}</h1>
      <p className={page.intro}>{ourBrand.intro}</p>
      <ul className={styles.cards}>
        {ourBrand.ingredients.map((ingredient) => (
          <li key={ingredient.name} className={styles.card}>
            <h2>{ingredient.name}</h2>
            <p>{ingredient.origin}</p>
            <p>{ingredient.use}</p>
          </li>
        ))}
      </ul>
      <section className={page.prose}>
        <h2>{ourBrand.commitments.heading}</h2>
        {ourBrand.commitments.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <p>
          <ShopLink to="/shop/all">Voir tous nos produits</ShopLink> · <ShopLink to="/about-us">Qui sommes-nous ?</ShopLink>
        </p>
      </section>
    </article>
  );
}
