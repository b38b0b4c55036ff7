/** Points of sale: data only, rendered by the /shop-list page. */
export interface Store {
  id: string;
  name: string;
  city: string;
  address: readonly string[];
  phone: string;
  /** Opening hours, one line per group of days. */
  hours: readonly string[];
  /** What the shopper finds there. */
  services: readonly string[];
}

export const stores: readonly Store[] = [
  {
    id: 'casablanca-maarif',
    name: 'Boutique Maison Argane Maârif',
    city: 'Casablanca',
    address: ['27, rue Ibnou Mounir', 'Maârif, 20330 Casablanca'],
    phone: '+212 5 22 48 12 30',
    hours: ['Du lundi au samedi : 10 h – 19 h 30', 'Dimanche : fermé'],
    services: ['Toute la gamme', 'Conseil personnalisé', 'Retrait des commandes passées par téléphone'],
  },
  {
    id: 'rabat-agdal',
    name: 'Corner Maison Argane Agdal',
    city: 'Rabat',
    address: ['Avenue Fal Ould Oumeir', 'Agdal, 10090 Rabat'],
    phone: '+212 5 37 67 20 14',
    hours: ['Du lundi au samedi : 10 h – 20 h', 'Dimanche : 11 h – 18 h'],
    services: ['Soins du visage et du corps', 'Coffrets cadeaux'],
  },
  {
    id: 'marrakech-gueliz',
    name: 'Boutique Maison Argane Guéliz',
    city: 'Marrakech',
    address: ['12, rue de la Liberté', 'Guéliz, 40000 Marrakech'],
    phone: '+212 5 24 43 18 62',
    hours: ['Tous les jours : 9 h 30 – 20 h'],
    services: ['Toute la gamme', 'Conseil personnalisé', 'Coffrets cadeaux'],
  },
  {
    id: 'essaouira-medina',
    name: 'Atelier Maison Argane',
    city: 'Essaouira',
    address: ['8, rue Malek Ben Rahal', 'Médina, 44000 Essaouira'],
    phone: '+212 5 24 47 35 09',
    hours: ['Du mardi au dimanche : 9 h – 18 h', 'Lundi : fermé'],
    services: ['Huile d’argan pressée à froid sur place', 'Soins du visage et du corps'],
  },
];
