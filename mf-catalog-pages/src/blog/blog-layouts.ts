import type { BlogLayout } from '@shop/contracts/exposes';

export interface BlogLayoutConfig {
  arrangement: 'grid' | 'masonry' | 'standard' | 'details';
  sidebar?: 'left' | 'right';
}

export const blogLayouts: Record<BlogLayout, BlogLayoutConfig> = {
  grid: { arrangement: 'grid' },
  masonry: { arrangement: 'masonry' },
  'grid-right-sidebar': { arrangement: 'grid', sidebar: 'right' },
  'grid-left-sidebar': { arrangement: 'grid', sidebar: 'left' },
  'standard-right-sidebar': { arrangement: 'standard', sidebar: 'right' },
  'standard-left-sidebar': { arrangement: 'standard', sidebar: 'left' },
  details: { arrangement: 'details', sidebar: 'right' },
};

const dateFormat = new Intl.DateTimeFormat('fr-MA', { dateStyle: 'long', timeZone: 'Africa/Casablanca' });

export function formatArticleDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T12:00:00Z`));
}
