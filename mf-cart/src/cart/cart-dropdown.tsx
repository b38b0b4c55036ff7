import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import type { CartDropdownProps } from '@shop/contracts/exposes';
import { ButtonToPage } from '@shop/contracts/form-post';
import { ShopLink } from '@shop/contracts/shop-link';
import { cartLineCount } from '@shop/contracts/cart';
import { CART_LINES_ATTRIBUTE, CART_NAMES_ATTRIBUTE } from '@shop/contracts/forms';
import { namesByCategory } from './button-names';
import { useCart } from './use-cart';
import { usePanelPosition } from './use-panel-position';
import { useText } from '../messages/messages';
import styles from './cart-dropdown.module.css';

/**
 * The lines, their controls and the total are shown only in the open panel, so their code is not fetched with every
 * page (decision 028), but before the first open: once the cart holds something, or as the shopper reaches for the
 * button. The server renders the panel closed and empty (it does not know the shopper's cart), and without JavaScript
 * the button leads to the cart page.
 */
type ContentsModule = typeof import('./dropdown-contents');
let contentsModule: ContentsModule | undefined;
const loadContents = () =>
  import('./dropdown-contents').then((module) => {
    contentsModule = module;
    return module;
  });

/**
 * The panel's contents, rendered at once when their code is here (no Suspense: React holds a revealed boundary's
 * content back up to 300 ms after its fallback showed, which the first open would wait for), else its loading
 * line until it comes. Code that cannot be fetched throws to the part's error boundary, as a failed import does.
 */
function Contents({ apiBase }: { apiBase: string }) {
  const [, arrived] = useState<ContentsModule>();
  const [failure, setFailure] = useState<unknown>();
  useEffect(() => {
    if (!contentsModule) loadContents().then(arrived, setFailure);
  }, []);
  const { t } = useText();
  if (failure) throw failure;
  if (!contentsModule) return <p className={styles.empty} role="status">{t('cart.loading')}</p>;
  const { default: DropdownContents } = contentsModule;
  return <DropdownContents apiBase={apiBase} />;
}

export function CartDropdown({ apiBase = '' }: CartDropdownProps) {
  const { items, error } = useCart(apiBase);
  const { t, locale } = useText();
  const [open, setOpen] = useState(false);
  // Once opened, the contents stay mounted: closing and opening again shows them at once.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const geometry = usePanelPosition(open, buttonRef);

  const count = cartLineCount(items);
  // A shopper with something in the cart is likely to open it: its contents' code is fetched once the count is known,
  // and for an empty cart as the shopper reaches for the button (hover, press, focus), before the tap ends.
  useEffect(() => {
    if (count > 0) void loadContents().catch(() => {});
  }, [count]);
  const reaching = () => void (contentsModule ?? loadContents().catch(() => {}));

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

  const panelStyle: CSSProperties | undefined = geometry
    ? { position: 'fixed', top: geometry.top, insetInlineStart: geometry.left, insetInlineEnd: 'auto', width: geometry.width, maxHeight: geometry.maxHeight }
    : undefined;

  return (
    <div
      ref={rootRef}
      className={styles.root}
      data-remote="mf_cart"
      data-release={process.env.RELEASE_VERSION}
      data-cart-error={error ? 'true' : undefined}
    >
      {/* Before the page hydrates (when a held tap cannot be replayed) or without JavaScript, the cart page (026). */}
      <ButtonToPage
        to="/shop/cart"
        onPress={() => setOpen((value) => !value)}
        ref={buttonRef}
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('cart.button', { count })}
        {...(process.env.SHOP_RENDERS_ON === 'server' ? { [CART_NAMES_ATTRIBUTE]: namesByCategory((n) => t('cart.button', { count: n }), locale) } : {})}
        onPointerEnter={reaching}
        onPointerDown={reaching}
        onFocus={reaching}
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
        {/* The head script writes a background post's figure here before this part hydrates: React keeps it. */}
        <span className={styles.badge} data-testid="cart-badge" aria-hidden="true" {...{ [CART_LINES_ATTRIBUTE]: '' }} suppressHydrationWarning>
          {count}
        </span>
      </ButtonToPage>
      <span className={styles.visuallyHidden} role="status" aria-live="polite">
        {t('cart.status', { count })}
      </span>
      <div
        id={panelId}
        className={styles.panel}
        style={panelStyle}
        role="region"
        aria-label={t('cart.panel')}
        hidden={!open}
        data-layout={geometry ? 'mobile' : 'dropdown'}
      >
        {opened ? <Contents apiBase={apiBase} /> : null}
        <ShopLink to="/shop/checkout" className={styles.checkout} onClick={() => setOpen(false)}>
          {t('cart.checkout')}
        </ShopLink>
      </div>
    </div>
  );
}
