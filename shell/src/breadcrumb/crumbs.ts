/** French labels for known path segments; an unknown segment is shown as written. */
const segmentLabels: Record<string, string> = {
  shop: 'Boutique',
  all: 'Tous les produits',
  face: 'Soins du visage',
  body: 'Soins du corps',
  hair: 'Soins capillaires',
  pack: 'Packs',
  checkout: 'Paiement',
};

export interface Crumb {
  label: string;
  /** Absent on the last crumb, which is the current page and not a link. */
  to?: string;
}

/** Accueil, then one crumb per path segment; the last one is not a link (spec, "Layout"). */
export function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Accueil', to: '/' }];
  segments.forEach((segment, index) => {
    const label = segmentLabels[segment] ?? decodeURIComponent(segment);
    const isLast = index === segments.length - 1;
    crumbs.push(isLast ? { label } : { label, to: `/${segments.slice(0, index + 1).join('/')}` });
  });
  return crumbs;
}
