import type { Product } from '@shop/contracts/products';
import { useState } from 'react';
import { ServerHtmlUntilNeeded } from '@shop/contracts/server-html-until-needed';
import { ShopLink } from '@shop/contracts/shop-link';
import { careWords } from '../messages/care-words';
import { countdownWords } from '../messages/countdown-words';
import { region, useText } from '../messages/messages';
import { notifyWords } from '../messages/notify-words';
import { formats } from '../shared/content/merchandising';
import type { ProductFormat } from '../shared/content/merchandising';
import { AddToCartButton } from '../shared/add-to-cart-button';
import { categoryLabels, categoryPaths } from '../shared/category-labels';
import { PriceTag } from '../shared/price-tag';
import { productPath } from '../shared/product-path';
import { WishlistButton } from '../shared/wishlist/wishlist-button';
import { AvailabilityNotice } from './availability-notice';
import { FormatChoice } from './format-choice';
import { galleryViews } from './gallery-views';
import { ProductGallery, viewsWanted } from './product-gallery';
import type { ProductLayoutOptions } from './product-layouts';
import { QuantityField } from './quantity-field';
import { maxFormatQuantity } from './stock-limits';
import styles from './product-details.module.css';

// The description and its tabs start below the first screen on a phone: server HTML, their code and words fetched, until
// they come into view or are used (decision 028).
const ProductInfo = region(() => import('./product-info').then((module) => ({ default: module.ProductInfo })), [careWords]);
// Shown on some layouts or products only, and live only once used or seen: code and words fetched then, not with every
// product page.
const RoutineDialog = region(() => import('./routine-dialog').then((module) => ({ default: module.RoutineDialog })), [careWords]);
const NotifyMeForm = region(() => import('./notify-me-form').then((module) => ({ default: module.NotifyMeForm })), [notifyWords]);
const PromotionCountdown = region(() => import('./promotion-countdown').then((module) => ({ default: module.PromotionCountdown })), [countdownWords]);

interface Props {
  product: Product;
  apiBase: string;
  options: ProductLayoutOptions;
  /** In a quick-view dialog the dialog's title already names the product. */
  withTitle?: boolean;
}

/** The one product component: every product page and featured layout is this with different options. */
export function ProductDetails({ product, apiBase, options, withTitle = true }: Props) {
  const { t } = useText();
  const { availability } = product;
  const outOfStock = availability.status === 'out-of-stock';
  const [chosenFormat, setFormat] = useState<ProductFormat>(formats[0]!);
  const fits = (f: ProductFormat) => maxFormatQuantity(availability, f.units) > 0;
  // The stock may drop under the chosen format after a revalidation: fall back to the single unit.
  const format = fits(chosenFormat) ? chosenFormat : formats[0]!;
  const units = options.formats ? format.units : 1;
  const maxQuantity = maxFormatQuantity(availability, units);
  const [quantity, setQuantity] = useState(1);
  const views = galleryViews(product.images, product.name, viewsWanted[options.gallery], apiBase, t, product.imageAlts, product.pictures);
  const onSale = product.oldPrice !== undefined && product.oldPrice > product.price;

  const layoutClass = [
    styles.layout,
    options.arrangement === 'stacked' ? styles.stacked : '',
    options.wideGallery ? styles.wideGallery : '',
    options.stickySummary ? styles.sticky : '',
  ].join(' ');

  return (
    <article className={layoutClass} data-product-id={product.id}>
      <div className={styles.gallery}>
        <ProductGallery views={views} style={options.gallery} />
      </div>
      <div className={styles.summary}>
        <p className={styles.category}>
          <ShopLink to={categoryPaths[product.category]}>{t(categoryLabels[product.category])}</ShopLink>
        </p>
        {withTitle ? <h1 className={styles.title}>{product.name}</h1> : null}
        <PriceTag price={product.price} oldPrice={product.oldPrice} large />
        {options.countdown && onSale ? (
          <ServerHtmlUntilNeeded when="visible">
            <PromotionCountdown />
          </ServerHtmlUntilNeeded>
        ) : null}
        <AvailabilityNotice availability={availability} slug={product.slug} />
        <p className={styles.lead}>{product.description}</p>
        {options.formats && !outOfStock ? <FormatChoice unitPrice={product.price} value={format} available={fits} onChange={(f) => { setFormat(f); setQuantity(1); }} /> : null}
        {outOfStock ? null : (
          <div className={styles.buy}>
            <QuantityField value={Math.min(quantity, maxQuantity)} max={Math.max(1, maxQuantity)} onChange={setQuantity} />
            <AddToCartButton
              apiBase={apiBase}
              productId={product.id}
              productName={product.name}
              quantity={Math.min(quantity, maxQuantity) * units}
              className={styles.addButton}
            />
          </div>
        )}
        {outOfStock ? (
          <AddToCartButton apiBase={apiBase} productId={product.id} productName={product.name} unavailable />
        ) : null}
        <div className={styles.secondaryActions}>
          <WishlistButton productId={product.id} productName={product.name} withText />
          {options.routineDialog ? (
            <ServerHtmlUntilNeeded when="used">
              <RoutineDialog product={product} apiBase={apiBase} />
            </ServerHtmlUntilNeeded>
          ) : null}
        </div>
        {outOfStock ? (
          <ServerHtmlUntilNeeded when="used">
            <NotifyMeForm apiBase={apiBase} productId={product.id} productName={product.name} />
          </ServerHtmlUntilNeeded>
        ) : null}
        {options.formats && units > 1 ? (
          <p className={styles.formatNote}>
            {t('product.format.note', { count: Math.min(quantity, maxQuantity) * units })}
          </p>
        ) : null}
        {!withTitle ? (
          <p>
            <ShopLink to={productPath(product.slug)}>{t('product.fullPage')}</ShopLink>
          </p>
        ) : null}
      </div>
      <div className={styles.info}>
        <ServerHtmlUntilNeeded when="visible">
          <ProductInfo product={product} style={options.info} />
        </ServerHtmlUntilNeeded>
      </div>
    </article>
  );
}
