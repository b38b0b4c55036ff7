import type { Category } from '@shop/contracts/products';

/** How to use each family of products: shown in the product page's "Conseils d’utilisation". Data only. */
export const usageTips: Record<Category, readonly string[]> = {
  face: [
    'Appliquez sur une peau propre, matin et/ou soir, en évitant le contour immédiat des yeux sauf indication contraire.',
    'Faites un essai sur une petite zone avant la première utilisation.',
    'Conservez à l’abri de la lumière et de la chaleur.',
  ],
  body: [
    'Utilisez sous la douche ou sur une peau encore légèrement humide pour une meilleure pénétration.',
    'Les gommages s’utilisent une à deux fois par semaine, pas davantage.',
    'Conservez à l’abri de la lumière et de la chaleur.',
  ],
  hair: [
    'Adaptez la quantité à la longueur de vos cheveux et insistez sur les pointes, souvent plus sèches.',
    'Rincez abondamment à l’eau tiède.',
    'Conservez à l’abri de la lumière et de la chaleur.',
  ],
  pack: [
    'Chaque soin du pack s’utilise selon les conseils de sa propre fiche produit.',
    'Le contenu du pack est décrit ci-dessus ; les soins se complètent et s’utilisent dans l’ordre de la routine.',
  ],
};

/** Delivery and payment, the same for every product. */
export const deliveryNotes: readonly string[] = [
  'Paiement à la livraison, en espèces, partout au Maroc.',
  'Les frais et le délai de livraison vous sont confirmés par téléphone avant l’expédition.',
  'Une question sur ce produit ? Notre service client vous répond par téléphone ou par e-mail.',
];
