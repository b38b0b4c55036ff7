import { Link } from 'react-router-dom';
import { useWishlist } from '../wishlist/use-wishlist';
import page from '../shared/page.module.css';
import styles from './pages.module.css';

/** Accounts do not exist yet: the page says so and points to what works without one. */
export function MyAccountPage() {
  const { ids } = useWishlist();
  return (
    <article className={styles.prose}>
      <h1 className={page.title}>Mon compte</h1>
      <p className={page.notice}>
        Les comptes clients ne sont pas encore ouverts : il n’est pas possible de s’inscrire ni de se connecter pour le
        moment. Vous n’avez pas besoin de compte pour commander ni pour suivre une commande.
      </p>
      <h2>Ce que vous pouvez déjà faire</h2>
      <ul className={styles.links}>
        <li>
          <Link to="/shop/whistlist">Ma liste d’envies</Link> ({ids.length} produit{ids.length > 1 ? 's' : ''}, enregistrée sur
          ce navigateur)
        </li>
        <li>
          <Link to="/shop/cart">Mon panier</Link>, conservé sur ce navigateur
        </li>
        <li>
          <Link to="/shop/checkout">Passer commande</Link>, paiement à la livraison
        </li>
        <li>
          <Link to="/order-tracking">Suivre une commande</Link> avec son numéro et votre téléphone
        </li>
        <li>
          <Link to="/contact">Contacter le service client</Link>
        </li>
      </ul>
    </article>
  );
}
