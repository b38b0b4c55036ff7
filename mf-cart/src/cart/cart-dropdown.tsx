import { useEffect, useId, useRef, useState } from 'react';
import type { CartDropdownProps } from '@shop/contracts/exposes';
import { Link } from 'react-router-dom';
import { CartLine } from './cart-line';
import { cartTotal, lineCount } from './cart-total';
import { formatPrice } from './format-price';
import { useCart } from './use-cart';
import styles from './cart-dropdown.module.css';

export function CartDropdown({ apiBase = '' }: CartDropdownProps) {
  const { items, error } = useCart(apiBase);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = lineCount(items);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={styles.root} data-remote="mf_cart" data-release={process.env.RELEASE_VERSION}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Panier, ${count} ${count > 1 ? 'articles' : 'article'}`}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path
            d="M6 7h12l-1 13H7L6 7zm3 0V5a3 3 0 0 1 6 0v2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.badge} data-testid="cart-badge" aria-hidden="true">
          {count}
        </span>
      </button>
      <span className={styles.visuallyHidden} role="status">
        {`${count} ${count > 1 ? 'articles' : 'article'} dans le panier`}
      </span>
      {open ? (
        <div id={panelId} className={styles.panel} role="region" aria-label="Contenu du panier">
          {error ? (
            <p className={styles.error} data-cart-error="true" role="alert">
              {error.message}
            </p>
          ) : null}
          {items.length === 0 ? (
            <p className={styles.empty}>Votre panier est vide.</p>
          ) : (
            <ul className={styles.lines}>
              {items.map((item) => (
                <CartLine key={item.productId} item={item} apiBase={apiBase} />
              ))}
            </ul>
          )}
          <p className={styles.total}>
            <span>Total</span> <strong data-testid="cart-total">{formatPrice(cartTotal(items))}</strong>
          </p>
          <Link to="/shop/checkout" className={styles.checkout} onClick={() => setOpen(false)}>
            Paiement du produit
          </Link>
        </div>
      ) : null}
    </div>
  );
}
