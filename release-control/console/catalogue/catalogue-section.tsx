import { useState } from 'react';
import { NoticeArea, type Notice } from '../shared/notice';
import styles from './catalogue.module.css';
import { AuditLog } from './audit-log';
import { CatalogueCsvPanel } from './csv/catalogue-csv-panel';
import { NewProduct } from './new-product';
import { ProductEditor } from './product-editor';
import { ProductList } from './product-list';

/**
 * The catalogue as merchandisers run it (issue 61), through cart-service's /admin/products API: the products searched
 * and paged, a new one, one edited (in French and Arabic, with its promotion, state, stock and photos), the « Journal » of
 * every change, and the whole catalogue as a CSV file.
 */
export function CatalogueSection() {
  // What is open under the list: nothing, a new product's form, or a product by its id.
  const [open, setOpen] = useState<{ kind: 'new' } | { kind: 'edit'; id: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // Counts the changes made here: the journal is read again after each.
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  return (
    <>
      <h3>Produits</h3>
      <ProductList
        onEdit={(id) => {
          setNotice(null);
          setOpen({ kind: 'edit', id });
        }}
        onNew={() => {
          setNotice(null);
          setOpen({ kind: 'new' });
        }}
      />
      <NoticeArea notice={notice} />
      {open?.kind === 'new' && (
        <NewProduct
          onCreated={(product) => {
            setNotice({ kind: 'done', text: `${product.texts['fr-MA'].name} créé (version ${product.version}).` });
            changed();
            setOpen({ kind: 'edit', id: product.id });
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'edit' && <ProductEditor key={open.id} id={open.id} onClose={() => setOpen(null)} onChanged={changed} />}
      <section className={styles.panel} aria-labelledby="journal-title">
        <h3 id="journal-title">Journal</h3>
        <p>Les dernières modifications du catalogue, toutes fiches confondues.</p>
        <AuditLog changes={changes} caption="Modifications récentes du catalogue" />
      </section>
      <CatalogueCsvPanel />
    </>
  );
}
