/**
 * Accent-insensitive matching for the header's search: "creme" finds "Crème", "kelaat" finds "Kelâat",
 * "l’argan" (typographic apostrophe) finds "l'argan".
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Words that carry no meaning in a product search ("crème à l'argan" is about crème and argan).
const STOP_WORDS = new Set(['a', 'au', 'aux', 'd', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les', 'pour', 'un', 'une']);

export function searchTerms(query: string): string[] {
  return normalizeText(query)
    .split(' ')
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word));
}

/** Every term must appear somewhere in the text (as a word or part of one). No terms matches everything. */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  const haystack = ` ${normalizeText(text)} `;
  return terms.every((term) => haystack.includes(term));
}
