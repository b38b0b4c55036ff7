/**
 * How the catalogue's words and a shopper's search meet (decision 041): both are folded the same way before the
 * database compares them, so « creme » finds « Crème », « اركان » finds « بالأركان » and « مرطب » finds « مرطّب ».
 * The folding happens here, once, when a product is written and when a search is read; the database only compares
 * folded words (full-text search for words and prefixes, trigrams for misspellings).
 */

/** Lower case, without accents, Arabic without its short vowels, shadda, tatweel and hamza seats, one alef, ه for ة, ي for ى. */
export function foldText(text: string): string {
  return (
    text
      // NFD splits accented Latin letters and the hamza or madda of أ إ آ ؤ ئ from their letter: dropped just below.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      // Arabic short vowels, tanwin, shadda, sukun, hamza and madda marks, dagger alef; tatweel.
      .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/ى/g, 'ي')
      .replace(/ة/g, 'ه')
      // Arabic-Indic digits, as a phone keyboard may type them.
      .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
      .replace(/[^a-z0-9\u0621-\u064a]+/g, ' ')
      .trim()
  );
}

// Words that carry no meaning in a product search ("crème à l'argan" is about crème and argan).
const STOP_WORDS = new Set(['a', 'au', 'aux', 'd', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les', 'pour', 'un', 'une', 'من', 'في', 'على', 'الي', 'عن', 'مع', 'و', 'ب', 'ل']);

/**
 * The Arabic article and the prepositions written onto it (« ال », « بال », « وال », « فال », « كال », « لل ») before a
 * word of at least two letters: "بالاركان" → "اركان". Both forms are indexed, so a search with or without them finds it.
 */
export function withoutArticle(word: string): string {
  return word.replace(/^(?:[وبفك]?ال|لل)(?=[\u0621-\u064a]{2})/, '');
}

/** A text's searchable words: folded, the stop words left out, each Arabic word also without its article. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of foldText(text).split(' ')) {
    if (word.length === 0 || STOP_WORDS.has(word)) continue;
    words.push(word);
    const bare = withoutArticle(word);
    if (bare !== word) words.push(bare);
  }
  return words;
}

/** What the database indexes for one product: its names and its descriptions in every language, folded. */
export function searchDocument(texts: ReadonlyArray<{ name: string; description: string }>): { names: string; descriptions: string } {
  return {
    names: texts.map((t) => searchWords(t.name).join(' ')).join(' '),
    descriptions: texts.map((t) => searchWords(t.description).join(' ')).join(' '),
  };
}

/**
 * A shopper's search as a `to_tsquery('simple', …)` text: every word must match, the last one as a prefix (they are
 * still typing it). Null when nothing searchable is left. Folded words hold only letters and digits, so nothing in
 * them is tsquery syntax.
 */
export function searchQuery(text: string): { tsquery: string; words: string[] } | null {
  const words = foldText(text)
    .split(' ')
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
    .map(withoutArticle)
    .slice(0, 8);
  if (words.length === 0) return null;
  return { tsquery: toTsquery(words.map((word) => [word])), words };
}

/**
 * `[[argan], [creme, crema]]` → `argan & (creme:* | crema:*)`: every position must match one of its words, the last
 * position as a prefix.
 */
export function toTsquery(alternatives: ReadonlyArray<readonly string[]>): string {
  const last = alternatives.length - 1;
  return alternatives
    .map((words, i) => {
      const each = words.map((word) => (i === last ? `${word}:*` : word));
      return each.length === 1 ? each[0]! : `(${each.join(' | ')})`;
    })
    .join(' & ');
}
