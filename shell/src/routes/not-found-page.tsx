import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page introuvable</h1>
      <p>La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <p>
        <Link to="/">Retour à l’accueil</Link> · <Link to="/shop/all">Voir tous les produits</Link>
      </p>
    </section>
  );
}
