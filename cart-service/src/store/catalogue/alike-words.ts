import type { SqlQueryable } from '../../db/sql-client';
import { toTsquery } from './search-text';

/** How alike (pg_trgm's similarity) a vocabulary word must be to stand for a misspelt one: « argn » → « argan » (0.375). */
const ALIKE = 0.3;
/** Words within this of the most alike one are kept too (an equally likely reading); at most MAX_ALIKE of them. */
const TIE = 0.02;
const MAX_ALIKE = 3;

/**
 * A search whose words matched nothing, each word replaced by the most alike words of the names' vocabulary
 * (search_words, by trigrams): a few thousand words to compare, not every product's text. A word with nothing alike
 * is kept as typed (it still matches nothing, and so does the search).
 */
export async function alikeQuery(db: SqlQueryable, words: readonly string[]): Promise<string> {
  const alternatives: string[][] = [];
  for (const word of words) {
    const { rows } = await db.query<{ word: string; likeness: number }>(
      `SELECT word, similarity(word, $1) AS likeness FROM search_words
       WHERE similarity(word, $1) >= $2 AND word % $1 ORDER BY likeness DESC, word LIMIT $3`,
      [word, ALIKE, MAX_ALIKE * 3],
    );
    const best = rows[0]?.likeness ?? 0;
    const alike = rows.filter((row) => row.likeness >= best - TIE).slice(0, MAX_ALIKE).map((row) => row.word);
    alternatives.push(alike.length > 0 ? alike : [word]);
  }
  return toTsquery(alternatives);
}
