import { listingKey } from '@shop/contracts/listing-key';
import type { ProductPage, ProductQuery } from '@shop/contracts/product-query';
import type { Product } from '@shop/contracts/products';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useText } from '../messages/messages';
import { getJson } from '../shared/api';

type Answer = { page?: ProductPage; error?: Error };

/** What a listing shows of a page (its facets are the filters'). */
export type ShownPage = Pick<ProductPage, 'products' | 'total' | 'nextCursor'>;

/** The answer to a search the shop cannot match (the header's « Maquillage »): nothing, counted as nothing. */
export const NOTHING: ShownPage = { products: [], total: 0, nextCursor: null };

/**
 * One page after the first, read with its own SWR key (so revalidating the catalogue reads it again, like the first):
 * it renders nothing and tells the listing what it was answered.
 */
function NextPage({ pageKey, onAnswer }: { pageKey: string; onAnswer: (key: string, answer: Answer) => void }) {
  const { data, error } = useSWR(pageKey, getJson<ProductPage>);
  useEffect(() => onAnswer(pageKey, { page: data, error: error as Error | undefined }), [onAnswer, pageKey, data, error]);
  return null;
}

export interface MorePages {
  /** Every product shown: the first page's, then each next page's not shown already (a product moved between reads). */
  products: Product[];
  /** The cursor of the page after the last one shown (its link stays while it is read); null when there is none. */
  nextCursor: string | null;
  loading: boolean;
  error: Error | undefined;
  /** Reads the next page and adds it below (« Voir plus », the infinite scroll); nothing while a page is on its way, again after a failure. */
  loadMore: () => void;
  /** Pages read after the first (for the infinite scroll to look again). */
  added: number;
  /** The readers of the next pages, to render anywhere in the listing. */
  readers: ReactNode;
}

/**
 * The pages a listing adds below its first one, each read with the previous page's cursor (keyset pages: a product
 * added meanwhile shows up once, in its place, with no gap and no duplicate). Give the listing a `key` of its query so
 * another query starts again from its first page.
 */
export function useMorePages(apiBase: string, query: ProductQuery, first: ShownPage): MorePages {
  const { locale } = useText();
  const { mutate } = useSWRConfig();
  const [keys, setKeys] = useState<string[]>([]);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const onAnswer = useCallback((key: string, answer: Answer) => setAnswers((known) => ({ ...known, [key]: answer })), []);

  const pages = useMemo(() => {
    const read: ShownPage[] = [first];
    for (const key of keys) {
      const page = answers[key]?.page;
      if (!page) break;
      read.push(page);
    }
    return read;
  }, [first, keys, answers]);
  const products = useMemo(() => {
    const seen = new Set<string>();
    return pages.flatMap((page) => page.products.filter((product) => !seen.has(product.id) && seen.add(product.id)));
  }, [pages]);

  const waiting = keys.length >= pages.length ? keys[pages.length - 1] : undefined;
  const error = waiting ? answers[waiting]?.error : undefined;
  const nextCursor = pages[pages.length - 1]!.nextCursor;
  const loadMore = useCallback(() => {
    if (waiting) {
      if (error) void mutate(waiting);
      return;
    }
    if (nextCursor) setKeys((known) => [...known, listingKey(apiBase, { ...query, cursor: nextCursor }, locale)]);
  }, [waiting, error, mutate, nextCursor, apiBase, query, locale]);

  return {
    products,
    nextCursor,
    loading: Boolean(waiting) && !error,
    error,
    loadMore,
    added: pages.length - 1,
    readers: keys.map((key) => <NextPage key={key} pageKey={key} onAnswer={onAnswer} />),
  };
}
