import type { ApiErrorCode } from '@shop/contracts/errors';
import { ApiError as ServerKitApiError, GENERIC_MESSAGES } from '@shop/server-kit/api-error';

/** server-kit's ApiError (the same class), its code one of the contracts' `ApiErrorCode`, checked when compiled. */
export const ApiError = ServerKitApiError<ApiErrorCode>;
export type ApiError = ServerKitApiError<ApiErrorCode>;

/**
 * The French messages, in one place so the frontend team and the tests read the same text: server-kit's generic ones
 * (every server's: internal error, 405, 404, 415, 413, 400, origin, too many requests…) and cart-service's own.
 */
export const messages = {
  ...GENERIC_MESSAGES,
  unknownField: 'La requête contient un champ non autorisé.',
  productIdInvalid: "L'identifiant du produit est manquant ou invalide.",
  quantity: (min: number, max: number) => `La quantité doit être un nombre entier entre ${min} et ${max}.`,
  quantityTotal: (max: number) => `La quantité totale de ce produit dans le panier ne peut pas dépasser ${max}.`,
  productNotFound: 'Produit introuvable.',
  lineNotInCart: "Ce produit n'est pas dans votre panier.",
  categoryInvalid: 'Catégorie inconnue : utilisez face, body, hair ou pack.',
  emailInvalid: "L'adresse e-mail est invalide.",
  cartEmpty: 'Votre panier est vide : ajoutez des produits avant de commander.',
  /** An order asks for more units than are left: nothing was written. */
  orderOutOfStock: (name: string, left: number) =>
    left <= 0
      ? `« ${name} » est en rupture de stock : retirez-le de votre panier pour valider la commande.`
      : `Il ne reste que ${left} exemplaire${left > 1 ? 's' : ''} de « ${name} » : réduisez la quantité dans votre panier pour valider la commande.`,
  /** An add to cart asks for more units than are left. */
  cartOutOfStock: (name: string, left: number) =>
    left <= 0
      ? `« ${name} » est en rupture de stock.`
      : `Il ne reste que ${left} exemplaire${left > 1 ? 's' : ''} de « ${name} » en stock.`,
  idempotencyKeyReused:
    'Cette commande a déjà été envoyée avec d’autres informations de livraison. Rechargez la page pour vérifier votre commande avant de réessayer.',
  stockInvalid: 'La quantité en stock doit être un nombre entier entre 0 et 1 000 000.',
  stockDeltaInvalid: 'La variation de stock doit être un nombre entier non nul entre -1 000 000 et 1 000 000.',
  stockBelowZero: (name: string, onHand: number) => `Le stock de « ${name} » ne peut pas devenir négatif : il en reste ${onHand}.`,
  cursorInvalid: 'Le curseur de pagination est invalide : reprenez la liste depuis le début.',
  limitInvalid: 'La taille de page doit être un nombre entier entre 1 et 100.',
  searchInvalid: 'Recherche invalide : saisissez un numéro de commande (ex. K7M2-Q9XP) ou un numéro de téléphone marocain.',
  orderNotFound: 'Aucune commande ne correspond à ce numéro et à ce numéro de téléphone.',
  tooManyAttempts: (minutes: number) =>
    `Trop de tentatives de suivi. Par sécurité, réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  idempotencyKey: "L'en-tête Idempotency-Key est manquant ou invalide (8 à 64 caractères : lettres, chiffres, - et _).",
  invalidTransition: (from: string, to: string) => `Une commande « ${from} » ne peut pas passer à « ${to} ».`,
  statusInvalid: 'Statut inconnu : reçue, confirmée, expédiée, livrée ou annulée.',
  unauthorized: 'Authentification requise : jeton opérateur manquant ou invalide.',
  adminDisabled: "L'administration des commandes est désactivée : définissez ADMIN_TOKEN.",
} as const;
