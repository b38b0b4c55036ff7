import { useState } from 'react';
import type { CSSProperties } from 'react';
import { useText } from '../messages/messages';
import type { GalleryStyle } from './product-layouts';
import type { GalleryView } from './gallery-views';
import { ProductImage } from '../shared/product-image';
import styles from './product-gallery.module.css';

/** The main view is the page's width on a phone, half of it from a tablet, at most 600 px (product-gallery.module.css). */
const GALLERY_SIZES = '(min-width: 768px) min(50vw, 600px), 100vw';

interface Props {
  views: readonly GalleryView[];
  style: GalleryStyle;
}

export const viewsWanted: Record<GalleryStyle, number> = {
  single: 1,
  'thumbs-left': 3,
  'thumbs-bottom': 3,
  double: 2,
  grid: 4,
  stack: 3,
};

function Picture({ view, eager, size }: { view: GalleryView; eager: boolean; size: number }) {
  const zoom = { '--zoom': view.zoom } as CSSProperties;
  return (
    <div className={styles.frame} style={zoom}>
      <ProductImage src={view.src} picture={view.picture} alt={view.alt} size={size} sizes={GALLERY_SIZES} eager={eager} className={styles.image} />
    </div>
  );
}

/** One gallery, several arrangements: a main view with thumbnails, two or four side by side, or a column to scroll. */
export function ProductGallery({ views, style }: Props) {
  const { t } = useText();
  const [selected, setSelected] = useState(0);
  if (style === 'double' || style === 'grid' || style === 'stack') {
    return (
      <div className={styles[style]} data-gallery={style}>
        {views.map((view, i) => (
          <Picture key={i} view={view} eager={i === 0} size={600} />
        ))}
      </div>
    );
  }
  const current = views[selected] ?? views[0];
  if (!current) return null;
  return (
    <div className={style === 'thumbs-left' ? styles.thumbsLeft : styles.thumbsBottom} data-gallery={style}>
      <Picture view={current} eager size={600} />
      {views.length > 1 ? (
        <div role="group" aria-label={t('product.gallery.choose')} className={styles.thumbs}>
          {views.map((view, i) => (
            <button
              key={i}
              type="button"
              className={styles.thumb}
              aria-pressed={i === selected}
              aria-label={t('product.gallery.thumb', { number: i + 1, count: views.length, alt: view.alt })}
              onClick={() => setSelected(i)}
              style={{ '--zoom': view.zoom } as CSSProperties}
            >
              <img src={view.picture?.fallback ?? view.src} alt="" width={80} height={80} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
