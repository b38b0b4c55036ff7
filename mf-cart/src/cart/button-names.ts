/**
 * The cart button's name for every count: one per plural category of the page's language, `#` standing for the
 * figure. The page's head script names the button with it when the server answers a cart tap before this part has
 * hydrated (decision 047), so the name says what the badge shows. The server writes it; the browser's build leaves
 * this code out (React keeps the attribute as it hydrates, and it never depends on the count).
 */
export function namesByCategory(name: (count: number) => string, locale: string): string {
  const rules = new Intl.PluralRules(locale);
  const figure = new Intl.NumberFormat(locale);
  const categories = rules.resolvedOptions().pluralCategories.length;
  const names: Record<string, string> = {};
  for (let count = 0; Object.keys(names).length < categories && count < 1000; count += 1) {
    names[rules.select(count)] ??= name(count).replace(figure.format(count), '#');
  }
  return JSON.stringify(names);
}
