import type { Product } from '@shop/contracts/products';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useText } from '../messages/messages';
import { deliveryNotes, usageTips } from '../shared/content/product-care';
import type { PageText } from '../shared/page-text';
import type { InfoStyle } from './product-layouts';
import styles from './product-info.module.css';

interface Section {
  id: string;
  title: string;
  items: readonly string[];
}

/** The description as the catalogue gives it (in the page's language), then the shop's own words. */
function sectionsFor(product: Product, t: PageText['t']): Section[] {
  return [
    { id: 'description', title: t('care.info.description'), items: [product.description] },
    { id: 'conseils', title: t('care.info.usage'), items: usageTips[product.category].map((tip) => t(tip)) },
    { id: 'livraison', title: t('care.info.delivery'), items: deliveryNotes.map((note) => t(note)) },
  ];
}

function Content({ items }: { items: readonly string[] }) {
  return items.length === 1 ? (
    <p>{items[0]}</p>
  ) : (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * ARIA tabs: arrow keys move between tabs, Tab goes into the panel. The tabs run right to left on an Arabic page, so
 * there the left arrow goes to the next one.
 */
function Tabs({ sections }: { sections: Section[] }) {
  const { t, dir } = useText();
  const base = useId();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const [forward, backward] = dir === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  const onKeyDown = (event: KeyboardEvent) => {
    const last = sections.length - 1;
    const next =
      event.key === forward ? (active === last ? 0 : active + 1)
      : event.key === backward ? (active === 0 ? last : active - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={t('care.info.label')} className={styles.tablist} onKeyDown={onKeyDown}>
        {sections.map((section, i) => (
          <button
            key={section.id}
            ref={(node) => {
              tabs.current[i] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-onglet-${i}`}
            aria-selected={i === active}
            aria-controls={`${base}-panneau-${i}`}
            tabIndex={i === active ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(i)}
          >
            {section.title}
          </button>
        ))}
      </div>
      {sections.map((section, i) => (
        <div
          key={section.id}
          role="tabpanel"
          id={`${base}-panneau-${i}`}
          aria-labelledby={`${base}-onglet-${i}`}
          hidden={i !== active}
          tabIndex={0}
          className={styles.panel}
        >
          <Content items={section.items} />
        </div>
      ))}
    </div>
  );
}

/** Description, usage and delivery, as tabs, an accordion or plain sections, depending on the layout. */
export function ProductInfo({ product, style }: { product: Product; style: InfoStyle }) {
  const { t } = useText();
  const base = useId();
  const sections = sectionsFor(product, t);
  if (style === 'tabs') return <Tabs sections={sections} />;
  if (style === 'accordion') {
    return (
      <div className={styles.accordion}>
        {sections.map((section, i) => (
          <details key={section.id} open={i === 0} className={styles.item}>
            <summary>
              <span className={styles.summaryTitle}>{section.title}</span>
            </summary>
            <div className={styles.panel}>
              <Content items={section.items} />
            </div>
          </details>
        ))}
      </div>
    );
  }
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${base}-${section.id}`}>
          <h2 id={`${base}-${section.id}`}>{section.title}</h2>
          <Content items={section.items} />
        </section>
      ))}
    </div>
  );
}
