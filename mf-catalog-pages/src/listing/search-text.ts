/**
 * Accent-insensitive matching for the header's search: "creme" finds "Crème", "kelaat" finds "Kelâat",
 * "l’argan" (typographic apostrophe) finds "l'argan". Arabic too, the catalogue's names on an Arabic page: without its
 * short vowels and tatweel, with one alef for أ إ آ, and "الأركان" finds "أركان".
 */
export function normalizeText(text: string): string {
  return (
    text
      // NFD splits accented Latin letters and the hamza or madda of أ إ آ ؤ ئ from their letter: dropped just below.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      // Arabic short vowels, shadda, sukun, hamza and madda marks, dagger alef; tatweel.
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

// Words that carry no meaning in a product search ("crème à l'argan" is about crème and argan; "زيت من الأركان" about
// زيت and أركان).
const STOP_WORDS = new Set(['a', 'au', 'aux', 'd', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les', 'pour', 'un', 'une']);
const ARABIC_STOP_WORDS = ['من', 'في', 'على', 'الي', 'عن', 'مع', 'و', 'ب', 'ل'];
for (const word of ARABIC_STOP_WORDS) STOP_WORDS.add(word);

/** The Arabic article « ال » (and « بال », « وال », « لل ») before a word of at least two letters: "الأركان" → "اركان". */
function withoutArticle(word: string): string {
  return word.replace(/^(?:[وب]?ال|لل)(?=[\u0621-\u064a]{2})/, '');
}

export function searchTerms(query: string): string[] {
  return normalizeText(query)
    .split(' ')
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
    .map(withoutArticle);
}

/** Every term must appear somewhere in the text (as a word or part of one). No terms matches everything. */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  const haystack = ` ${normalizeText(text)} `;
  return terms.every((term) => haystack.includes(term));
}
