import { showToast } from '@shop/contracts/toast';
import { useText } from '../../messages/messages';
import { useWishlist } from './use-wishlist';
import styles from './wishlist.module.css';

interface Props {
  productId: string;
  productName: string;
  /** Cards show the heart alone; product pages also show a text. */
  withText?: boolean;
}

/** The heart: its name says what pressing it does (add or remove), which reads better than a pressed state. */
export function WishlistButton({ productId, productName, withText = false }: Props) {
  const { t } = useText();
  const { has, toggle } = useWishlist();
  const inList = has(productId);
  const label = t(inList ? 'shared.wishlist.remove' : 'shared.wishlist.add', { name: productName });
  const onClick = () => {
    const added = toggle(productId);
    if (added === null) showToast('error', t('shared.wishlist.storageRefused'));
  };
  return (
    <button
      type="button"
      className={withText ? styles.withText : styles.heart}
      aria-label={withText ? undefined : label}
      data-in-wishlist={inList}
      onClick={onClick}
      title={withText ? undefined : label}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.3 3 4.5 6.6 4.5c2.2 0 3.7 1.3 4.4 2.5.7-1.2 2.2-2.5 4.4-2.5 3.6 0 5.7 3.8 4.2 7.3C19.5 16.4 12 21 12 21z"
          fill={inList ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      {withText ? <span>{t(inList ? 'shared.wishlist.inList' : 'shared.wishlist.addMine')}</span> : null}
    </button>
  );
}
