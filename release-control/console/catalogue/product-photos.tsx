import { useId, useState } from 'react';
import { MAX_PHOTOS, PHOTO_UPLOAD_LIMITS, thumbnailOf } from '@shop/contracts/photos';
import type { MerchandisedProduct, MerchandisedProductResponse, ProductPhoto } from '@shop/contracts/merchandising';
import { ApiRefusal, callApi } from '../shared/api';
import sharedStyles from '../shared/console.module.css';
import type { Notice } from '../shared/notice';
import styles from './catalogue.module.css';
import { productPath } from './catalogue-keys';
import { FormField } from './form-field';
import { saveRefusalOf } from './save-refusal';

interface Props {
  product: MerchandisedProduct;
  onChanged(product: MerchandisedProduct, done: boolean): void;
  setNotice(notice: Notice): void;
}

const ARABIC = { dir: 'rtl', lang: 'ar' } as const;
const moved = (photos: ProductPhoto[], from: number, to: number) => {
  const next = [...photos];
  const [photo] = next.splice(from, 1);
  next.splice(to, 0, photo!);
  return next;
};

/**
 * A product's photos (decision 044): added one at a time with their alternative texts in French and Arabic (cart-service
 * makes the renditions), then put in order, retitled or removed and saved together, from the version shown.
 */
export function ProductPhotos({ product, onChanged, setNotice }: Props) {
  const [photos, setPhotos] = useState(product.photos);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState({ 'fr-MA': '', 'ar-MA': '' });
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const name = product.texts['fr-MA'].name;

  const act = async (work: () => Promise<MerchandisedProductResponse>, done: string) => {
    setBusy(true);
    try {
      const { product: after } = await work();
      setPhotos(after.photos);
      onChanged(after, true);
      setNotice({ kind: 'done', text: done });
      return true;
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      setNotice({ kind: 'refused', text: error.message });
      const refusal = saveRefusalOf(error);
      if (refusal.kind === 'stale') {
        setPhotos(refusal.current.photos);
        onChanged(refusal.current, false);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!file) return setNotice({ kind: 'refused', text: 'Choisissez une photo JPEG, PNG ou WebP.' });
    if (file.size > PHOTO_UPLOAD_LIMITS.bytes) return setNotice({ kind: 'refused', text: 'La photo dépasse 10 Mo : envoyez-la plus légère.' });
    if (!alt['fr-MA'].trim() || !alt['ar-MA'].trim()) return setNotice({ kind: 'refused', text: 'Décrivez la photo en français et en arabe.' });
    const query = new URLSearchParams({ version: String(product.version), 'alt.fr-MA': alt['fr-MA'].trim(), 'alt.ar-MA': alt['ar-MA'].trim() });
    const added = await act(() => callApi(`${productPath(product.id)}/photos?${query}`, { method: 'POST', file }), `Photo ajoutée à ${name}.`);
    if (added) {
      setFile(null);
      setAlt({ 'fr-MA': '', 'ar-MA': '' });
    }
  };
  const save = () => act(() => callApi(`${productPath(product.id)}/photos`, { method: 'PUT', body: { version: product.version, photos } }), `Photos de ${name} enregistrées.`);

  return (
    <section className={styles.panel} aria-labelledby="photos-title">
      <h4 id="photos-title">Photos</h4>
      {photos.length === 0 ? <p>Aucune photo : la boutique montre le dessin du produit.</p> : null}
      <ol className={styles.photos}>
        {photos.map((photo, i) => (
          <li key={photo.image}>
            <img src={thumbnailOf(photo.image)} alt={photo.alt['fr-MA']} width={96} height={96} />
            <FormField label={`Photo ${i + 1} : texte (français)`} value={photo.alt['fr-MA']} onChange={(v) => setPhotos(photos.map((p, j) => (j === i ? { ...p, alt: { ...p.alt, 'fr-MA': v } } : p)))} />
            <FormField label={`Photo ${i + 1} : texte (arabe)`} language={ARABIC} value={photo.alt['ar-MA']} onChange={(v) => setPhotos(photos.map((p, j) => (j === i ? { ...p, alt: { ...p.alt, 'ar-MA': v } } : p)))} />
            <div className={sharedStyles.actions}>
              <button type="button" disabled={busy || i === 0} onClick={() => setPhotos(moved(photos, i, i - 1))}>
                Avancer la photo {i + 1}
              </button>
              <button type="button" disabled={busy || i === photos.length - 1} onClick={() => setPhotos(moved(photos, i, i + 1))}>
                Reculer la photo {i + 1}
              </button>
              <button type="button" disabled={busy} onClick={() => setPhotos(photos.filter((_, j) => j !== i))}>
                Retirer la photo {i + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      {product.photos.length > 0 || photos.length > 0 ? (
        <button type="button" disabled={busy} onClick={() => void save()}>
          Enregistrer les photos
        </button>
      ) : null}
      {photos.length < MAX_PHOTOS ? (
        <form aria-label={`Ajouter une photo à ${name}`} onSubmit={(event) => (event.preventDefault(), void add())}>
          <div className={styles.field}>
            <label htmlFor={fileId}>
              <strong>Photo (JPEG, PNG ou WebP, 10 Mo au plus)</strong>
            </label>
            <input id={fileId} type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </div>
          <FormField label="Texte de la photo (français)" value={alt['fr-MA']} onChange={(v) => setAlt({ ...alt, 'fr-MA': v })} required maxLength={200} />
          <FormField label="Texte de la photo (arabe)" language={ARABIC} value={alt['ar-MA']} onChange={(v) => setAlt({ ...alt, 'ar-MA': v })} required maxLength={200} />
          <button type="submit" disabled={busy}>
            {busy ? 'Envoi…' : 'Ajouter la photo'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
