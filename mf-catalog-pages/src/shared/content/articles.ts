import type { MessageId } from '../page-text';

/** The journal's articles: data only, rendered by the blog layouts. */
export type ArticleTheme = 'visage' | 'corps' | 'cheveux';

export interface ArticleSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface Article {
  slug: string;
  title: string;
  /**
   * The title and the excerpt as messages, in every shop language (`articles.<slug>.*`): the home page's journal
   * shows them. Their French is `title` and `excerpt`, byte for byte (articles.test.ts).
   */
  titleId: MessageId;
  excerptId: MessageId;
  theme: ArticleTheme;
  /** ISO date of publication. */
  publishedOn: string;
  author: string;
  readingMinutes: number;
  excerpt: string;
  /** An image of a product the article talks about (catalogue image path). */
  image: string;
  imageAlt: string;
  sections: readonly ArticleSection[];
  /** Catalogue slugs of the products the article mentions. */
  productSlugs: readonly string[];
}

export const themeLabels: Record<ArticleTheme, string> = {
  visage: 'Visage',
  corps: 'Corps',
  cheveux: 'Cheveux',
};

export const articles: readonly Article[] = [
  {
    slug: 'routine-visage-argan',
    titleId: 'articles.routine-visage-argan.title',
    excerptId: 'articles.routine-visage-argan.excerpt',
    title: 'Une routine visage simple autour de l’argan',
    theme: 'visage',
    publishedOn: '2026-10-28',
    author: 'Salma, conseillère beauté',
    readingMinutes: 4,
    excerpt:
      'Nettoyer, tonifier, hydrater : trois gestes suffisent pour une peau souple. Voici comment intégrer l’huile d’argan sans alourdir votre routine.',
    image: '/images/products/creme-hydratante-argan.svg',
    imageAlt: 'Pot de crème hydratante à l’argan',
    sections: [
      {
        heading: 'Commencer par un démaquillage doux',
        paragraphs: [
          'Le soir, une huile démaquillante dissout le maquillage et la crème solaire sans frotter. Massez-la sur peau sèche, puis émulsionnez avec un peu d’eau tiède avant de rincer.',
          'Le matin, un rinçage à l’eau ou à l’eau de rose suffit souvent : inutile de nettoyer deux fois une peau qui a dormi.',
        ],
      },
      {
        heading: 'Tonifier avec l’eau de rose',
        paragraphs: [
          'Vaporisée ou appliquée avec les mains, l’eau de rose rafraîchit et prépare la peau à recevoir les soins suivants. Elle convient aussi aux peaux sensibles.',
        ],
      },
      {
        heading: 'Hydrater, puis nourrir',
        paragraphs: [
          'Appliquez la crème hydratante sur une peau encore légèrement humide : elle pénètre mieux et la sensation de confort dure plus longtemps.',
          'Le soir, quelques gouttes d’huile d’argan réchauffées entre les paumes et pressées sur le visage nourrissent les peaux sèches. Les peaux mixtes peuvent se limiter aux zones qui tiraillent.',
        ],
      },
    ],
    productSlugs: ['huile-demaquillante-fleur-oranger', 'eau-de-rose-kelaat-mgouna', 'creme-hydratante-argan'],
  },
  {
    slug: 'rituel-hammam-maison',
    titleId: 'articles.rituel-hammam-maison.title',
    excerptId: 'articles.rituel-hammam-maison.excerpt',
    title: 'Le rituel du hammam, chez soi',
    theme: 'corps',
    publishedOn: '2026-10-14',
    author: 'Youssef, équipe Maison Argane',
    readingMinutes: 5,
    excerpt:
      'Savon noir, gant kessa et huile sèche : le rituel du hammam se réinvente dans une salle de bain. Les étapes, le bon rythme et les erreurs à éviter.',
    image: '/images/products/savon-noir-beldi-eucalyptus.svg',
    imageAlt: 'Pot de savon noir beldi à l’eucalyptus',
    sections: [
      {
        heading: 'Préparer la peau par la chaleur',
        paragraphs: [
          'Le secret du hammam, c’est la vapeur. Une douche chaude de cinq à dix minutes, porte fermée, ouvre les pores et ramollit la peau avant le gommage.',
        ],
      },
      {
        heading: 'Le savon noir, puis le gant kessa',
        paragraphs: [
          'Appliquez le savon noir en couche fine sur la peau humide et laissez poser cinq minutes. Rincez, puis frottez le gant kessa par mouvements longs et fermes, toujours dans le même sens.',
          'Une fois par semaine suffit : la peau a besoin de temps pour se renouveler. Évitez le visage et les zones irritées.',
        ],
      },
      {
        heading: 'Nourrir pour finir',
        paragraphs: [
          'Sur une peau encore tiède, une huile sèche ou un beurre de karité fouetté apporte le confort que le gommage a préparé. Massez jusqu’à pénétration complète.',
        ],
      },
    ],
    productSlugs: ['savon-noir-beldi-eucalyptus', 'gant-kessa-traditionnel', 'huile-seche-argan-ambre'],
  },
  {
    slug: 'rhassoul-cheveux',
    titleId: 'articles.rhassoul-cheveux.title',
    excerptId: 'articles.rhassoul-cheveux.excerpt',
    title: 'Le rhassoul, l’argile qui lave les cheveux en douceur',
    theme: 'cheveux',
    publishedOn: '2026-09-30',
    author: 'Salma, conseillère beauté',
    readingMinutes: 4,
    excerpt:
      'Extraite dans l’Atlas, cette argile lave sans décaper. Comment l’utiliser en shampooing ou en masque, et pour quels types de cheveux.',
    image: '/images/products/shampooing-rhassoul-argan.svg',
    imageAlt: 'Flacon de shampooing au rhassoul et à l’argan',
    sections: [
      {
        heading: 'Pourquoi une argile pour laver',
        paragraphs: [
          'Le rhassoul absorbe l’excès de sébum et les impuretés sans mousser. Le cuir chevelu est nettoyé, mais les longueurs gardent leur souplesse.',
        ],
      },
      {
        heading: 'En shampooing ou en masque',
        paragraphs: [
          'En shampooing, massez le cuir chevelu du bout des doigts et rincez abondamment. En masque, délayez l’argile dans de l’eau tiède ou de l’eau de rose jusqu’à obtenir une pâte lisse, appliquez-la dix minutes puis rincez.',
          'Les cheveux secs apprécieront quelques gouttes d’huile d’argan ajoutées au mélange.',
        ],
      },
      {
        heading: 'Pour qui ?',
        paragraphs: [
          'Les cheveux gras ou à tendance pelliculaire en profitent le plus. Les cheveux très secs peuvent l’alterner avec un après-shampooing nourrissant.',
        ],
      },
    ],
    productSlugs: ['shampooing-rhassoul-argan', 'apres-shampooing-argan', 'masque-capillaire-karite'],
  },
  {
    slug: 'proteger-levres-mains-hiver',
    titleId: 'articles.proteger-levres-mains-hiver.title',
    excerptId: 'articles.proteger-levres-mains-hiver.excerpt',
    title: 'Lèvres et mains : les protéger quand le temps se refroidit',
    theme: 'corps',
    publishedOn: '2026-09-12',
    author: 'Youssef, équipe Maison Argane',
    readingMinutes: 3,
    excerpt:
      'Le froid et le vent dessèchent d’abord les lèvres et les mains. Trois habitudes simples pour les garder souples tout l’hiver.',
    image: '/images/products/baume-levres-miel-karite.svg',
    imageAlt: 'Stick de baume à lèvres au miel et au karité',
    sections: [
      {
        heading: 'Un baume plutôt qu’un brillant',
        paragraphs: [
          'Le miel et le karité forment un film protecteur qui limite la perte d’eau. Appliquez le baume avant de sortir et au coucher, en couche plus épaisse.',
        ],
      },
      {
        heading: 'Des mains nourries après chaque lavage',
        paragraphs: [
          'L’eau et le savon répétés fragilisent la peau des mains. Une noisette de crème à l’huile d’amande douce après le lavage suffit à préserver leur confort.',
        ],
      },
      {
        heading: 'Boire et protéger',
        paragraphs: [
          'Aucun soin ne remplace une bonne hydratation. Et par grand vent, des gants et une écharpe remontée sur le bas du visage font beaucoup.',
        ],
      },
    ],
    productSlugs: ['baume-levres-miel-karite', 'creme-mains-amande-douce'],
  },
  {
    slug: 'huile-nigelle-ricin-cheveux',
    titleId: 'articles.huile-nigelle-ricin-cheveux.title',
    excerptId: 'articles.huile-nigelle-ricin-cheveux.excerpt',
    title: 'Nigelle et ricin : le bain d’huile pour des cheveux plus forts',
    theme: 'cheveux',
    publishedOn: '2026-08-25',
    author: 'Salma, conseillère beauté',
    readingMinutes: 4,
    excerpt:
      'Le bain d’huile est un geste transmis de génération en génération. Comment le réaliser avant le shampooing et à quelle fréquence.',
    image: '/images/products/huile-capillaire-nigelle-ricin.svg',
    imageAlt: 'Flacon d’huile capillaire nigelle et ricin',
    sections: [
      {
        heading: 'Appliquer sur cheveux secs',
        paragraphs: [
          'Répartissez l’huile mèche par mèche, des racines aux pointes, puis massez le cuir chevelu quelques minutes pour activer la circulation.',
        ],
      },
      {
        heading: 'Laisser poser, puis laver deux fois',
        paragraphs: [
          'Laissez agir au moins une heure, ou toute une nuit sous une serviette. Un premier shampooing retire l’essentiel de l’huile, un second laisse les cheveux légers.',
          'Une à deux fois par semaine suffit. Les cheveux fins préféreront ne traiter que les longueurs.',
        ],
      },
    ],
    productSlugs: ['huile-capillaire-nigelle-ricin', 'lotion-fortifiante-romarin'],
  },
];
