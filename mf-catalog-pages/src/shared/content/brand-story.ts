/** Texts of the "À propos" and "Notre marque" pages: data only, rendered by pages/. */
export interface TextBlock {
  heading: string;
  paragraphs: readonly string[];
}

export const aboutUs = {
  title: 'À propos de Maison Argane',
  intro:
    'Maison Argane est une boutique en ligne marocaine de soins pour le visage, le corps et les cheveux, pensée pour les gestes de tous les jours.',
  blocks: [
    {
      heading: 'Notre histoire',
      paragraphs: [
        'Tout est parti d’une évidence : les meilleurs soins de nos grands-mères — huile d’argan, savon noir, rhassoul, eau de rose — méritaient d’être faciles à trouver, bien expliqués et vendus à un prix juste.',
        'Nous sélectionnons chaque produit pour sa formule simple et son usage clair, et nous les réunissons en routines pour vous éviter de chercher.',
      ],
    },
    {
      heading: 'Ce qui nous guide',
      paragraphs: [
        'Des ingrédients connus et nommés clairement sur chaque fiche produit.',
        'Des prix affichés en dirhams, toutes taxes comprises, et un paiement à la livraison pour commander l’esprit tranquille.',
        'Des conseils honnêtes : si un soin ne convient pas à votre peau ou à vos cheveux, nous vous le disons.',
      ],
    },
    {
      heading: 'Nous écrire, nous appeler',
      paragraphs: ['Notre service client répond du lundi au samedi, de 9 h à 18 h, par téléphone ou par e-mail.'],
    },
  ] satisfies readonly TextBlock[],
};

export interface Ingredient {
  name: string;
  origin: string;
  use: string;
}

export const ourBrand = {
  title: 'Notre marque',
  intro: 'Quatre ingrédients du Maroc sont au cœur de nos soins. Voici d’où ils viennent et ce qu’ils apportent.',
  ingredients: [
    {
      name: 'L’huile d’argan',
      origin: 'Pressée à froid dans la région d’Essaouira, à partir des amandons de l’arganier.',
      use: 'Nourrit la peau et les cheveux secs ; on la retrouve dans nos crèmes, notre huile sèche et nos soins capillaires.',
    },
    {
      name: 'La rose de Kelâat M’Gouna',
      origin: 'Cueillie au printemps dans la vallée du Dadès, puis distillée.',
      use: 'Son eau florale tonifie et apaise le visage, et parfume notre spray démêlant.',
    },
    {
      name: 'Le rhassoul',
      origin: 'Une argile extraite dans le Moyen Atlas.',
      use: 'Lave et purifie sans décaper : masque visage, shampooing doux.',
    },
    {
      name: 'Le savon noir beldi',
      origin: 'Une pâte d’huile d’olive saponifiée, au cœur du rituel du hammam.',
      use: 'Prépare la peau au gommage au gant kessa.',
    },
  ] satisfies readonly Ingredient[],
  commitments: {
    heading: 'Nos engagements',
    paragraphs: [
      'Chaque fiche produit décrit le soin tel qu’il est, sans promesse miracle.',
      'Nos packs coûtent moins cher que les mêmes soins achetés séparément : l’économie est affichée en pourcentage.',
    ],
  } satisfies TextBlock,
};
