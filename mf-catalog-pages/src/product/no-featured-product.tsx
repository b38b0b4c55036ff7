import { ShopLink } from '@shop/contracts/shop-link';
import page from '../shared/page.module.css';
import type { FeaturedPick } from './featured-layouts';

/** Why the layout has nothing to show: the stock states change with real stock, so "none right now" is normal. */
export const noFeaturedProductMessages: Record<FeaturedPick, string> = {
  'out-of-stock': 'Aucun produit n’est en rupture de stock en ce moment.',
  'low-stock': 'Aucun produit n’est en stock limité en ce moment.',
  promotion: 'Aucun produit ne peut être commandé en ce moment.',
};

export function NoFeaturedProduct({ pick }: { pick: FeaturedPick }) {
  return (
    <>
      <h1 className={page.title}>Aucun produit à présenter pour le moment</h1>
      <p className={page.notice}>
        {noFeaturedProductMessages[pick]} <ShopLink to="/shop/all">Découvrir tous nos produits</ShopLink>
      </p>
    </>
  );
}
