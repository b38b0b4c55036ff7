import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import { useWishlist } from '../shared/wishlist/use-wishlist';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

/** Accounts do not exist yet: the page says so and points to what works without one. */
export function MyAccountPage() {
  const { t } = useText();
  const { ids } = useWishlist();
  return (
    <article className={page.prose}>
      <h1 className={page.title}>{t('content.account.title')}</h1>
      <p className={page.notice}>{t('content.account.notice')}</p>
      <h2>{t('content.account.already')}</h2>
      <ul className={styles.links}>
        <li>
          {rich(t, 'content.account.wishlist', { link: <ShopLink to="/shop/whistlist">{t('content.account.wishlist.link')}</ShopLink> }, { count: ids.length })}
        </li>
        <li>{rich(t, 'content.account.cart', { link: <ShopLink to="/shop/cart">{t('content.account.cart.link')}</ShopLink> })}</li>
        <li>{rich(t, 'content.account.checkout', { link: <ShopLink to="/shop/checkout">{t('content.account.checkout.link')}</ShopLink> })}</li>
        <li>{rich(t, 'content.account.tracking', { link: <ShopLink to="/order-tracking">{t('content.account.tracking.link')}</ShopLink> })}</li>
        <li>
          <ShopLink to="/contact">{t('content.account.contact.link')}</ShopLink>
        </li>
      </ul>
    </article>
  );
}
