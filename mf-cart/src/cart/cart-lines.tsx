import type { CartLinesProps } from '@shop/contracts/exposes';
import { useText } from '../messages/messages';
import { CartContents } from './cart-contents';
import { useCartView } from './use-cart-view';
import styles from './cart-page.module.css';

/** The editable lines and total, for another remote's page (the checkout), with the same rules as the dropdown. */
export function CartLines({ apiBase = '' }: CartLinesProps) {
  const view = useCartView(apiBase);
  const { t } = useText();
  return (
    <section className={styles.lines} aria-label={t('cart.lines')} data-remote="mf_cart" data-release={process.env.RELEASE_VERSION}>
      <CartContents view={view} apiBase={apiBase} />
    </section>
  );
}
