import type { WishlistPageProps } from '@shop/contracts/exposes';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import { PageRoot } from '../shared/page-root';
import { PAGE_SIZE, PRODUCT_KEY } from '@shop/contracts/product-query';
import { useListingPage } from '../shared/use-listing-page';
import page from '../shared/page.module.css';
import { useWishlist } from '../shared/wishlist/use-wishlist';

/** /shop/whistlist: the products whose heart was pressed, kept in this browser. */
export function WishlistPage({ apiBase = '' }: WishlistPageProps) {
  const { t } = useText();
  const { ids } = useWishlist();
  // Only the saved products (the API takes at most PAGE_SIZE.max ids, each a product key): none to read for an empty
  // list, and an entry no product could have (an edited storage) is left out rather than failing the whole read.
  const wanted = ids.filter((id) => PRODUCT_KEY.test(id)).slice(0, PAGE_SIZE.max);
  const { page: read, error, isLoading, retry } = useListingPage(apiBase, wanted.length > 0 ? { ids: wanted, limit: PAGE_SIZE.max } : null);
  const products = wanted.length === 0 ? [] : read?.products;
  const byId = new Map(products?.map((p) => [p.id, p]) ?? []);
  // Ids of products the catalogue no longer sells are skipped, not shown as broken cards; the order is the shopper's.
  const saved = wanted.flatMap((id) => byId.get(id) ?? []);
  return (
    <PageRoot>
      <h1 className={page.title}>{t('wishlist.title')}</h1>
      <p className={page.intro}>{t('wishlist.intro')}</p>
      {isLoading ? <ListingLoading /> : null}
      {error && !products ? <ListingError error={error} retry={retry} /> : null}
      {products ? (
        <p role="status">
          {saved.length === 0 ? t('wishlist.empty') : t('wishlist.count', { count: saved.length })}
        </p>
      ) : null}
      {products && saved.length === 0 ? (
        <p>
          <ShopLink to="/shop/all">{t('wishlist.discover')}</ShopLink>
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
