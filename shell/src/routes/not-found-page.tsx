import { ShopLink } from '@shop/contracts/shop-link';
import type { ShopHref } from '@shop/contracts/routes';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page introuvable</h1>
      <p>La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <p>
        <ShopLink to={'/' satisfies ShopHref}>Retour à l’accueil</ShopLink> · <ShopLink to={'/shop/all' satisfies ShopHref}>Voir tous les produits</ShopLink>
      </p>
    </section>
  );
}
