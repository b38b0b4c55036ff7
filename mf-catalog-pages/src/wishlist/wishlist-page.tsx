import type { WishlistPageProps } from '@shop/contracts/exposes';
import { ShopLink } from '@shop/contracts/shop-link';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import { PageRoot } from '../shared/page-root';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import { useWishlist } from '../shared/wishlist/use-wishlist';

/** /shop/whistlist: the products whose heart was pressed, kept in this browser. */
export function WishlistPage({ apiBase = '' }: WishlistPageProps) {
  const { ids } = useWishlist();
  const { products, error, isLoading, retry } = useProducts(apiBase);
  const byId = new Map(products?.map((p) => [p.id, p]) ?? []);
  // Ids of products the catalogue no longer sells are skipped, not shown as broken cards.
  const saved = ids.flatMap((id) => byId.get(id) ?? []);
  return (
    <PageRoot>
      <h1 className={page.title}>Ma liste d’envies</h1>
      <p className={page.intro}>
        Les produits que vous avez aimés, enregistrés sur ce navigateur. Touchez le cœur d’un produit pour l’ajouter ou
        le retirer.
      </p>
      {isLoading ? <ListingLoading /> : null}
      {error && !products ? <ListingError error={error} retry={retry} /> : null}
      {products ? (
        <p role="status">
          {saved.length === 0 ? 'Votre liste d’envies est vide.' : `${saved.length} produit${saved.length > 1 ? 's' : ''} dans votre liste d’envies`}
        </p>
      ) : null}
      {products && saved.length === 0 ? (
        <p>
          <ShopLink to="/shop/all">Découvrir nos produits</ShopLink>
        </p>
      ) : null}
      {saved.length > 0 ? (
        <ul className={productGrid.grid}>
          {saved.map((product, index) => (
            <ProductCard key={product.id} product={product} apiBase={apiBase} eager={index < 4} />
          ))}
        </ul>
      ) : null}
    </PageRoot>
  );
}
