import type { OrderStatus } from '@shop/contracts/orders';

/** The normal life of an order, in order; `annulée` is off this path and shown apart. */
export const orderSteps: readonly Exclude<OrderStatus, 'annulée'>[] = ['reçue', 'confirmée', 'expédiée', 'livrée'];

/** The statuses as a shopper reads them (the service's values are lower case, for the data). */
export const orderStatusLabels: Readonly<Record<OrderStatus, string>> = {
  reçue: 'Reçue',
  confirmée: 'Confirmée',
  expédiée: 'Expédiée',
  livrée: 'Livrée',
  annulée: 'Annulée',
};

/** One sentence per status, so the shopper knows what happens next without calling. */
export const orderStatusDetails: Readonly<Record<OrderStatus, string>> = {
  reçue: 'Nous avons bien reçu votre commande. Nous vous appelons pour la confirmer.',
  confirmée: 'Votre commande est confirmée et en cours de préparation.',
  expédiée: 'Votre colis est en route. Le livreur vous appelle avant de passer.',
  livrée: 'Votre commande a été livrée. Merci de votre confiance !',
  annulée: 'Cette commande a été annulée. Pour toute question, contactez notre service client.',
};
