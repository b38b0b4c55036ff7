import { useState } from 'react';
import { MERCHANDISING_MESSAGES, STOCK_REASON_MAX, type MerchandisedProduct, type MerchandisedProductResponse } from '@shop/contracts/merchandising';
import { ApiRefusal, callApi } from '../shared/api';
import sharedStyles from '../shared/console.module.css';
import type { Notice } from '../shared/notice';
import styles from './catalogue.module.css';
import { productPath } from './catalogue-keys';
import { FormField } from './form-field';
import { saveRefusalOf } from './save-refusal';

interface ProductActionsProps {
  product: MerchandisedProduct;
  /** The product as cart-service answered it after the change (`done`), or as it now is after a refusal (stale). */
  onChanged(product: MerchandisedProduct, done: boolean): void;
  setNotice(notice: Notice): void;
}

/** Archive or restore a product (with the version shown), and adjust its stock with a reason. */
export function ProductActions({ product, onChanged, setNotice }: ProductActionsProps) {
  const [busy, setBusy] = useState(false);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string }>({});
  const name = product.texts['fr-MA'].name;

  const post = async (action: 'archive' | 'restore' | 'stock', body: object, done: (after: MerchandisedProduct) => string) => {
    setBusy(true);
    try {
      const { product: after } = await callApi<MerchandisedProductResponse>(`${productPath(product.id)}/${action}`, { method: 'POST', body });
      onChanged(after, true);
      setNotice({ kind: 'done', text: done(after) });
      return true;
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      setNotice({ kind: 'refused', text: error.message });
      // cart-service's own checks of an adjustment, by their fields.
      const fields = error.body.fields ?? {};
      if (fields['delta'] || fields['reason']) setErrors({ ...(fields['delta'] ? { delta: fields['delta'] } : {}), ...(fields['reason'] ? { reason: fields['reason'] } : {}) });
      const refusal = saveRefusalOf(error);
      if (refusal.kind === 'stale') onChanged(refusal.current, false);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const adjust = async () => {
    const units = Number(delta.trim());
    const problems = {
      ...(delta.trim() === '' || !Number.isInteger(units) || units === 0 ? { delta: 'Indiquez un nombre entier d’unités, par exemple 12 reçues ou -2 cassées.' } : {}),
      ...(reason.trim() === '' ? { reason: MERCHANDISING_MESSAGES.reasonRequired } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const adjusted = await post('stock', { delta: units, reason: reason.trim() }, (after) => `Stock de ${name} : ${after.onHand} unité(s).`);
    if (adjusted) {
      setDelta('');
      setReason('');
    }
  };

  return (
    <>
      <section className={styles.panel} aria-labelledby="product-state-title">
        <h4 id="product-state-title">État</h4>
        <p>{product.archived ? 'Archivé : absent de la boutique (listes, recherche, sa page, le plan du site).' : 'En vente dans la boutique.'}</p>
        {product.archived ? (
          <button type="button" className={sharedStyles.button} disabled={busy} onClick={() => void post('restore', { version: product.version }, () => `${name} est de nouveau en vente.`)}>
            Remettre en vente
          </button>
        ) : (
          <button type="button" className={sharedStyles.secondary} disabled={busy} onClick={() => void post('archive', { version: product.version }, () => `${name} est archivé.`)}>
            Archiver
          </button>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="stock-title">
        <h4 id="stock-title">Stock : {product.onHand} unité(s)</h4>
        <form
          aria-label="Ajuster le stock"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void adjust();
          }}
        >
          <FormField label="Unités reçues (+) ou retirées (−)" value={delta} onChange={setDelta} error={errors.delta} required />
          <FormField label="Raison" value={reason} onChange={setReason} error={errors.reason} maxLength={STOCK_REASON_MAX} required />
          <div className={sharedStyles.actions}>
            <button type="submit" className={sharedStyles.button} disabled={busy}>
              Ajuster le stock
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
