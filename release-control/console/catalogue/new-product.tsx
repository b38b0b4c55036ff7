import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { MerchandisedProduct, MerchandisedProductResponse } from '@shop/contracts/merchandising';
import { ApiRefusal, callApi } from '../shared/api';
import { NoticeArea, type Notice } from '../shared/notice';
import styles from './catalogue.module.css';
import { isCatalogueKey, productPath } from './catalogue-keys';
import { ProductForm } from './product-form';
import { draftFromForm, emptyForm, FIELDS_REFUSED_NOTICE, type FieldErrors, type ProductFormValues } from './product-form-values';
import { saveRefusalOf } from './save-refusal';

/** « Nouveau produit »: the form, empty; once cart-service created it, the product opens to edit. */
export function NewProduct({ onCreated, onClose }: { onCreated(product: MerchandisedProduct): void; onClose(): void }) {
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<ProductFormValues>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const create = async () => {
    const body = draftFromForm(values);
    if ('errors' in body) {
      setErrors(body.errors);
      setNotice({ kind: 'refused', text: FIELDS_REFUSED_NOTICE });
      return;
    }
    setBusy(true);
    try {
      const { product } = await callApi<MerchandisedProductResponse>('/catalogue/products', { method: 'POST', body: body.draft });
      void mutate(productPath(product.id), { product }, { revalidate: false });
      void mutate(isCatalogueKey);
      onCreated(product);
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      const refusal = saveRefusalOf(error);
      setErrors(refusal.kind === 'fields' ? refusal.fields : {});
      setNotice({ kind: 'refused', text: refusal.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="new-product-title">
      <h3 id="new-product-title" ref={heading} tabIndex={-1}>
        Nouveau produit
      </h3>
      <NoticeArea notice={notice} />
      <ProductForm name="Nouveau produit" values={values} onChange={setValues} errors={errors} creating busy={busy} submitLabel="Créer le produit" onSubmit={() => void create()} onCancel={onClose} />
    </section>
  );
}
