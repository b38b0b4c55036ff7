import { Link } from 'react-router-dom';
import type { ShopHref } from '@shop/contracts/routes';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page introuvable</h1>
      <p>La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <p>
        <Link to={'/' satisfies ShopHref}>Retour à l’accueil</Link> · <Link to={'/shop/all' satisfies ShopHref}>Voir tous les produits</Link>
      </p>
    </section>
  );
}
