import { ShopLink } from '@shop/contracts/shop-link';
import { useWishlist } from '../shared/wishlist/use-wishlist';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

/** Accounts do not exist yet: the page says so and points to what works without one. */
export function MyAccountPage() {
  const { ids } = useWishlist();
  return (
    <article className={page.prose}>
      <h1 className={page.title}>Mon compte</h1>
      <p className={page.notice}>
        Les comptes clients ne sont pas encore ouverts : il n’est pas possible de s’inscrire ni de se connecter pour le
        moment. Vous n’avez pas besoin de compte pour commander ni pour suivre une commande.
      </p>
      <h2>Ce que vous pouvez déjà faire</h2>
      <ul className={styles.links}>
        <li>
          <ShopLink to="/shop/whistlist">Ma liste d’envies</ShopLink> ({ids.length} produit{ids.length > 1 ? 's' : ''}, enregistrée sur
          ce navigateur)
        </li>
        <li>
          <ShopLink to="/shop/cart">Mon panier</ShopLink>, conservé sur ce navigateur
        </li>
        <li>
          <ShopLink to="/shop/checkout">Passer commande</ShopLink>, paiement à la livraison
        </li>
        <li>
          <ShopLink to="/order-tracking">Suivre une commande</ShopLink> avec son numéro et votre téléphone
        </li>
        <li>
          <ShopLink to="/contact">Contacter le service client</ShopLink>
        </li>
      </ul>
    </article>
  );
}
