import { ShopLink } from '@shop/contracts/shop-link';
import { aboutUs } from '../shared/content/brand-story';
import { shopInfo } from '../shared/content/shop-info';
import page from '../shared/page.module.css';

export function AboutUsPage() {
  return (
    <article className={page.prose}>
      <h1 className={page.title}>{aboutUs.title}</h1>
      <p className={page.intro}>{aboutUs.intro}</p>
      {aboutUs.blocks.map((block) => (
        <section key={block.heading}>
          <h2>{block.heading}</h2>
          {block.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p>
        Téléphone : <a href={shopInfo.phoneHref}>{shopInfo.phone}</a> · E-mail : <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>
      </p>
      <p>
        <ShopLink to="/our-brand">Découvrir nos ingrédients</ShopLink> · <ShopLink to="/shop-list">Nos points de vente</ShopLink> ·{' '}
        <ShopLink to="/shop/all">Voir tous nos produits</ShopLink>
      </p>
    </article>
  );
}
