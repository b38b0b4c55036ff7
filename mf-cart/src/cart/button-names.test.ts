import { describe, expect, it } from 'vitest';
import { namesByCategory } from './button-names';

/** What the head script does with the names (shell/public/hold-until-hydrated.js): the category's, with the figure. */
const named = (names: string, locale: string, count: number) =>
  (JSON.parse(names) as Record<string, string>)[new Intl.PluralRules(locale).select(count)]!.replace('#', new Intl.NumberFormat(locale).format(count));

describe('the cart button’s names by plural category', () => {
  it('name every count as the message does, in French', () => {
    const message = (count: number) => `Panier, ${count} article${count > 1 ? 's' : ''}`;
    const names = namesByCategory(message, 'fr-MA');
    expect(JSON.parse(names)).toEqual({ one: 'Panier, # article', other: 'Panier, # articles' });
    for (const count of [0, 1, 2, 7, 20]) expect(named(names, 'fr-MA', count)).toBe(message(count));
  });

  it('name every count in Arabic, whose six categories include words with no figure', () => {
    const rules = new Intl.PluralRules('ar-MA');
    const words: Record<string, (count: number) => string> = {
      zero: () => 'السلة، لا منتجات',
      one: () => 'السلة، منتج واحد',
      two: () => 'السلة، منتجان',
      few: (count) => `السلة، ${count} منتجات`,
      many: (count) => `السلة، ${count} منتجًا`,
      other: (count) => `السلة، ${count} منتج`,
    };
    const message = (count: number) => words[rules.select(count)]!(count);
    const names = namesByCategory(message, 'ar-MA');
    expect(Object.keys(JSON.parse(names)).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    for (const count of [0, 1, 2, 3, 10, 11, 99, 100, 102]) expect(named(names, 'ar-MA', count)).toBe(message(count));
  });
});
