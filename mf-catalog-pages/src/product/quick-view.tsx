import type { Product } from '@shop/contracts/products';
import { useState } from 'react';
import { useText } from '../messages/messages';
import { ModalDialog } from '../shared/modal-dialog';
import buttons from '../shared/buttons.module.css';
import { ProductDetails } from './product-details';
import { RelatedProducts } from './related-products';

interface Props {
  /** The featured product's related products (its own answer's). */
  related: readonly Product[];
  apiBase: string;
}

/** Related products with an "Aperçu rapide" button that opens the same product component in a dialog. */
export function QuickViewProducts({ related, apiBase }: Props) {
  const { t } = useText();
  const [open, setOpen] = useState<Product | null>(null);
  return (
    <>
      <RelatedProducts
        related={related}
        apiBase={apiBase}
        title={t('featured.quickView.title')}
        action={(p) => (
          <button type="button" className={buttons.secondary} aria-haspopup="dialog" aria-label={t('featured.quickView.openNamed', { name: p.name })} onClick={() => setOpen(p)}>
            {t('featured.quickView.open')}
          </button>
        )}
      />
      <ModalDialog open={open !== null} title={open?.name ?? ''} onClose={() => setOpen(null)}>
        {open ? (
          <ProductDetails
            key={open.id}
            product={open}
            apiBase={apiBase}
            options={{ gallery: 'single', info: 'sections', arrangement: 'side-by-side' }}
            withTitle={false}
          />
        ) : null}
      </ModalDialog>
    </>
  );
}
