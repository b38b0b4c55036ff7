import { useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { MerchandisedProduct, MerchandisedProductResponse } from '@shop/contracts/merchandising';
import { ApiRefusal, callApi, formatDateTime } from '../shared/api';
import { NoticeArea, type Notice } from '../shared/notice';
import styles from './catalogue.module.css';
import { AuditLog } from './audit-log';
import { auditPath, isCatalogueKey, productPath } from './catalogue-keys';
import { ProductActions } from './product-actions';
import { ProductForm } from './product-form';
import { ProductPhotos } from './product-photos';
import { editFromForm, FIELDS_REFUSED_NOTICE, formFromProduct, type FieldErrors, type ProductFormValues } from './product-form-values';
import { saveRefusalOf } from './save-refusal';
import { StaleComparison } from './stale-comparison';

/** One product, read by its id, to edit: its form, its state and stock, its audit log. */
export function ProductEditor({ id, onClose, onChanged }: { id: string; onClose(): void; onChanged(): void }) {
  const { data, error } = useSWR<MerchandisedProductResponse>(productPath(id), { revalidateOnFocus: false });
  if (error instanceof ApiRefusal) return <NoticeArea notice={{ kind: 'refused', text: error.message }} />;
  if (!data) return <p>Chargement du produit…</p>;
  return <LoadedEditor product={data.product} onClose={onClose} onChanged={onChanged} />;
}

function LoadedEditor({ product: read, onClose, onChanged }: { product: MerchandisedProduct; onClose(): void; onChanged(): void }) {
  const { mutate } = useSWRConfig();
  // The product as last answered; the form's values, the values as read (`base`) and the version the form was read at.
  const [product, setProduct] = useState(read);
  const [values, setValues] = useState<ProductFormValues>(() => formFromProduct(read));
  const [base, setBase] = useState<ProductFormValues>(() => formFromProduct(read));
  const [version, setVersion] = useState(read.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [stale, setStale] = useState<{ current: MerchandisedProduct; message: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const startFrom = (current: MerchandisedProduct) => {
    setValues(formFromProduct(current));
    setBase(formFromProduct(current));
    setVersion(current.version);
  };
  const shown = (after: MerchandisedProduct) => {
    setProduct(after);
    void mutate(productPath(after.id), { product: after }, { revalidate: false });
    void mutate(isCatalogueKey);
    onChanged();
  };

  const save = async () => {
    const body = editFromForm(values, version);
    if ('errors' in body) {
      setErrors(body.errors);
      setNotice({ kind: 'refused', text: FIELDS_REFUSED_NOTICE });
      return;
    }
    setBusy(true);
    try {
      const { product: saved } = await callApi<MerchandisedProductResponse>(productPath(product.id), { method: 'PUT', body: body.edit });
      setErrors({});
      setStale(null);
      startFrom(saved);
      shown(saved);
      setNotice({ kind: 'done', text: `${saved.texts['fr-MA'].name} enregistré (version ${saved.version}).` });
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      const refusal = saveRefusalOf(error);
      setErrors(refusal.kind === 'fields' ? refusal.fields : {});
      if (refusal.kind === 'stale') {
        setStale({ current: refusal.current, message: refusal.message });
        setNotice(null);
        shown(refusal.current);
      } else setNotice({ kind: 'refused', text: refusal.message });
    } finally {
      setBusy(false);
    }
  };

  // Archived or restored here from the version the form was read at: the form, unchanged by that, follows the new one.
  const changedHere = (after: MerchandisedProduct, done: boolean) => {
    if (done && version === product.version && after.version === product.version + 1) setVersion(after.version);
    shown(after);
  };

  return (
    <section className={styles.panel} aria-labelledby="editor-title">
      <h3 id="editor-title" ref={heading} tabIndex={-1}>
        Modifier : {product.texts['fr-MA'].name}
      </h3>
      <p>
        Version {product.version}, modifiée le {formatDateTime(product.updatedAt)} — {product.archived ? 'archivé' : 'en vente'}
      </p>
      {stale && (
        <StaleComparison
          message={stale.message}
          typed={values}
          current={stale.current}
          onReapply={(merged) => {
            setValues(merged);
            setBase(formFromProduct(stale.current));
            setVersion(stale.current.version);
            setStale(null);
            setNotice({ kind: 'done', text: `Vos modifications sont reportées sur la version ${stale.current.version} : vérifiez-les, puis enregistrez.` });
          }}
          base={base}
          onTakeCurrent={() => {
            startFrom(stale.current);
            setStale(null);
            setNotice({ kind: 'done', text: `Version ${stale.current.version} reprise : votre saisie est abandonnée.` });
          }}
        />
      )}
      <NoticeArea notice={notice} />
      <ProductForm
        name={`Modifier ${product.texts['fr-MA'].name}`}
        values={values}
        onChange={setValues}
        errors={errors}
        creating={false}
        busy={busy}
        submitLabel="Enregistrer"
        onSubmit={() => void save()}
        onCancel={onClose}
      />
      <ProductActions product={product} onChanged={changedHere} setNotice={setNotice} />
      <ProductPhotos key={product.version} product={product} onChanged={changedHere} setNotice={setNotice} />
      <section className={styles.panel} aria-labelledby="product-audit-title">
        <h4 id="product-audit-title">Historique du produit</h4>
        <AuditLog key={auditPath(product.id)} changes={`${product.version} ${product.onHand}`} productId={product.id} caption={`Modifications de ${product.texts['fr-MA'].name}`} />
      </section>
    </section>
  );
}
