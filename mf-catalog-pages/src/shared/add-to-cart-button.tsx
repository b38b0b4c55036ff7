import { useState } from 'react';
import { QUANTITY_LIMITS } from '@shop/contracts/cart';
import { FormName, useFormAction } from '@shop/contracts/form-post';
import { POST_IN_BACKGROUND } from '@shop/contracts/forms';
import { useText } from '../messages/messages';
import { addToCart } from './add-to-cart';
import { tapsInFlight, type WriteOutcome } from './taps-in-flight';
import { useRevalidateCatalogue } from './revalidate-catalogue';
import buttons from './buttons.module.css';

interface Props {
  apiBase: string;
  productId: string;
  productName: string;
  quantity?: number;
  /** Out of stock: the button stays visible but cannot be used, and says why. */
  unavailable?: boolean;
  /** Cards name the product in the button's accessible name, since many such buttons share a page. */
  nameInLabel?: boolean;
  className?: string;
}

/**
 * « Ajouter au panier »: a real form (decision 026). Without JavaScript the browser posts it, and the shop's server
 * adds the product and comes back to this page with a notice; before the page hydrates, the page's head script posts
 * it in the background (POST_IN_BACKGROUND); once hydrated, the button adds through the API. A toast says so, and the
 * shopper stays on the page.
 */
export function AddToCartButton({
  apiBase,
  productId,
  productName,
  quantity = 1,
  unavailable = false,
  nameInLabel = false,
  className,
}: Props) {
  const text = useText();
  const { t } = text;
  const [adding, setAdding] = useState(false);
  const revalidateCatalogue = useRevalidateCatalogue(apiBase);
  const action = useFormAction();
  // Every tap counts, even one made while a write is on its way (decision 039): it joins the next write.
  const [tapped] = useState(() => tapsInFlight(setAdding));
  const write = async (units: number): Promise<WriteOutcome> => {
    const outcome = await addToCart(apiBase, productName, { productId, quantity: Math.min(units, QUANTITY_LIMITS.max) }, text);
    if (outcome !== 'out-of-stock') return 'continue';
    // The page showed more stock than is left: read the catalogue again, so this card or page shows what is left now.
    void revalidateCatalogue();
    return 'stop';
  };
  const label = unavailable ? t('shared.stock.out') : adding ? t('shared.cart.adding') : t('shared.cart.add');
  return (
    <form method="post" action={action} className={buttons.inlineForm} {...POST_IN_BACKGROUND}>
      <FormName form="cart-add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <button
        type="submit"
        className={`${buttons.primary} ${className ?? ''}`}
        onClick={(event) => {
          event.preventDefault();
          void tapped(quantity, write);
        }}
        // Never disabled while adding: a tap then is one more unit, not a lost one.
        disabled={unavailable}
        aria-busy={adding || undefined}
        // The name starts with the visible text (what a voice-control user says), then names the product.
        aria-label={
          nameInLabel
            ? t(unavailable ? 'shared.cart.unavailableNamed' : 'shared.cart.addNamed', { name: productName })
            : undefined
        }
        data-add-to-cart={productId}
      >
        {label}
      </button>
    </form>
  );
}
