/** Questions fréquentes: data only, rendered as an accordion by the FAQ page. */
export interface FaqEntry {
  question: string;
  answer: readonly string[];
}

export interface FaqGroup {
  title: string;
  entries: readonly FaqEntry[];
}

export const faq: readonly FaqGroup[] = [
  {
    title: 'Commandes et paiement',
    entries: [
      {
        question: 'Comment passer commande ?',
        answer: [
          'Ajoutez vos produits au panier, puis ouvrez la page Paiement : vérifiez votre panier, saisissez vos coordonnées de livraison et confirmez la commande.',
          'Vous recevez aussitôt un numéro de commande (par exemple K7M2-Q9XP). Nous vous appelons ensuite pour confirmer la commande avant l’expédition.',
          'Vous préférez le téléphone ? Notre service client prend aussi les commandes par téléphone.',
        ],
      },
      {
        question: 'Quels moyens de paiement acceptez-vous ?',
        answer: ['Le paiement se fait à la livraison, en espèces, partout au Maroc. Aucun paiement par carte n’est demandé en ligne.'],
      },
      {
        question: 'Les prix sont-ils en dirhams ?',
        answer: ['Oui, tous les prix sont affichés en dirhams marocains (MAD), toutes taxes comprises.'],
      },
    ],
  },
  {
    title: 'Livraison',
    entries: [
      {
        question: 'Où livrez-vous ?',
        answer: ['Nous livrons dans tout le Maroc. Les frais et le délai de livraison vous sont confirmés par téléphone avant l’expédition.'],
      },
      {
        question: 'Puis-je suivre ma commande ?',
        answer: [
          'Oui : sur la page Suivi de commande, saisissez votre numéro de commande, indiqué sur la page de confirmation, et le numéro de téléphone donné lors de la commande.',
          'Notre service client vous renseigne aussi par téléphone ou par e-mail.',
        ],
      },
    ],
  },
  {
    title: 'Nos produits',
    entries: [
      {
        question: 'Vos produits conviennent-ils aux peaux sensibles ?',
        answer: [
          'Nos formules privilégient des ingrédients simples et connus. Chaque peau est unique : faites un essai sur une petite zone, au creux du coude, avant la première utilisation.',
        ],
      },
      {
        question: 'Comment conserver les huiles et les crèmes ?',
        answer: ['À l’abri de la lumière et de la chaleur, flacon bien fermé. Une fois ouverts, utilisez-les dans les mois indiqués sur l’emballage.'],
      },
      {
        question: 'Que contiennent les packs ?',
        answer: [
          'Chaque pack réunit des soins complémentaires à un prix plus doux que s’ils étaient achetés séparément. Leur contenu est décrit sur leur fiche produit.',
        ],
      },
    ],
  },
];
