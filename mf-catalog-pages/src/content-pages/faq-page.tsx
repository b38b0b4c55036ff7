import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import type { MessageId } from '../shared/page-text';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

interface FaqEntry {
  question: MessageId;
  /** One message per paragraph. */
  answer: readonly MessageId[];
}

interface FaqGroup {
  title: MessageId;
  entries: readonly FaqEntry[];
}

/** Questions fréquentes: the messages of each group, question and answer, in the page's language. */
const faq: readonly FaqGroup[] = [
  {
    title: 'content.faq.orders.title',
    entries: [
      {
        question: 'content.faq.orders.howToOrder.question',
        answer: ['content.faq.orders.howToOrder.answer1', 'content.faq.orders.howToOrder.answer2', 'content.faq.orders.howToOrder.answer3'],
      },
      { question: 'content.faq.orders.payment.question', answer: ['content.faq.orders.payment.answer1'] },
      { question: 'content.faq.orders.prices.question', answer: ['content.faq.orders.prices.answer1'] },
    ],
  },
  {
    title: 'content.faq.delivery.title',
    entries: [
      { question: 'content.faq.delivery.where.question', answer: ['content.faq.delivery.where.answer1'] },
      {
        question: 'content.faq.delivery.tracking.question',
        answer: ['content.faq.delivery.tracking.answer1', 'content.faq.delivery.tracking.answer2'],
      },
    ],
  },
  {
    title: 'content.faq.products.title',
    entries: [
      { question: 'content.faq.products.sensitiveSkin.question', answer: ['content.faq.products.sensitiveSkin.answer1'] },
      { question: 'content.faq.products.storage.question', answer: ['content.faq.products.storage.answer1'] },
      { question: 'content.faq.products.packs.question', answer: ['content.faq.products.packs.answer1'] },
    ],
  },
];

/** An accordion on <details>/<summary>: keyboard-operable and announced as expandable without any script. */
export function FaqPage() {
  const { t } = useText();
  return (
    <article className={page.prose}>
      <h1 className={page.title}>{t('content.faq.title')}</h1>
      <p className={page.intro}>{t('content.faq.intro')}</p>
      {faq.map((group) => (
        <section key={group.title} className={styles.faqGroup}>
          <h2>{t(group.title)}</h2>
          {group.entries.map((entry) => (
            <details key={entry.question} className={styles.faqItem}>
              <summary>{t(entry.question)}</summary>
              {entry.answer.map((p) => (
                <p key={p}>{t(p)}</p>
              ))}
            </details>
          ))}
        </section>
      ))}
      <p>{rich(t, 'content.faq.more', { link: <ShopLink to="/contact">{t('content.faq.more.link')}</ShopLink> })}</p>
    </article>
  );
}
