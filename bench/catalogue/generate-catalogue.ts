/**
 * A realistic catalogue file of any size for bench:catalogue-scale: the shipped products first, then generated ones in
 * the same shape (cart-service/src/catalogue/catalogue.json): French and Arabic names and descriptions built from the
 * shop's own vocabulary (types of product, ingredients, effects, regions, sizes), the four categories, about one in
 * five on promotion, about one in twelve out of stock, the shipped images, dates over two years. Deterministic (a
 * seeded generator): the same size is the same file on every run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../frontend/util';

type Category = 'face' | 'body' | 'hair' | 'pack';
type Words = [fr: string, ar: string];

const TYPES: Record<Category, Words[]> = {
  face: [['Sérum', 'سيروم'], ['Crème', 'كريم'], ['Masque', 'قناع'], ['Huile visage', 'زيت للوجه'], ['Lotion tonique', 'غسول منعش'], ['Gommage doux', 'مقشر لطيف'], ['Baume', 'بلسم'], ['Contour des yeux', 'كريم محيط العينين'], ['Eau florale', 'ماء زهري'], ['Gel nettoyant', 'جل منظف']],
  body: [['Lait corps', 'حليب للجسم'], ['Huile sèche', 'زيت جاف'], ['Gommage corps', 'مقشر للجسم'], ['Savon noir', 'صابون أسود'], ['Beurre corporel', 'زبدة للجسم'], ['Gel douche', 'جل استحمام'], ['Crème mains', 'كريم اليدين'], ['Déodorant', 'مزيل العرق']],
  hair: [['Shampooing', 'شامبو'], ['Après-shampooing', 'بلسم الشعر'], ['Masque capillaire', 'قناع الشعر'], ['Huile capillaire', 'زيت الشعر'], ['Lotion fortifiante', 'غسول مقوٍّ'], ['Spray démêlant', 'بخاخ لفك التشابك']],
  pack: [['Coffret', 'علبة هدية'], ['Pack', 'باقة'], ['Rituel', 'طقوس']],
};
/** The ingredient, in French after « à l'/au/à la », in Arabic with its article (« بالأركان »). */
const INGREDIENTS: Words[] = [
  ["l'argan", 'الأركان'], ['la rose', 'الورد'], ['la figue de Barbarie', 'التين الشوكي'], ['la nigelle', 'حبة البركة'], ["la fleur d'oranger", 'زهر البرتقال'],
  ['karité', 'الكاريتي'], ['rhassoul', 'الغاسول'], ["l'aloe vera", 'الصبار'], ["l'amande douce", 'اللوز الحلو'], ['miel', 'العسل'],
  ["l'eucalyptus", 'الأوكالبتوس'], ['musc blanc', 'المسك الأبيض'], ["l'ambre", 'العنبر'], ['romarin', 'إكليل الجبل'], ['henné', 'الحناء'], ['la nila', 'النيلة'],
];
const EFFECTS: Words[] = [['hydratant', 'مرطّب'], ['éclat', 'للإشراقة'], ['apaisant', 'مهدّئ'], ['purifiant', 'منقٍّ'], ['nourrissant', 'مغذٍّ'], ['douceur', 'ناعم'], ['intense', 'مكثّف'], ['régénérant', 'مجدّد']];
const REGIONS: Words[] = [['Atlas', 'الأطلس'], ['Souss', 'سوس'], ['Dadès', 'دادس'], ['Ourika', 'أوريكا'], ['Essaouira', 'الصويرة'], ['Tafilalet', 'تافيلالت'], ['Rif', 'الريف'], ['Saïss', 'سايس'], ['Drâa', 'درعة'], ['Ifrane', 'إفران']];
const SIZES = ['30 ml', '50 ml', '100 ml', '150 ml', '200 ml', '250 ml', '500 ml'];
const IMAGES: Record<Category, string[]> = {
  face: ['serum-eclat-figue-de-barbarie', 'creme-hydratante-argan', 'creme-de-nuit-argan', 'masque-purifiant-rhassoul', 'eau-de-rose-kelaat-mgouna', 'contour-des-yeux-aloe-vera', 'gommage-doux-visage-nila', 'huile-demaquillante-fleur-oranger'],
  body: ['lait-corps-musc-blanc', 'huile-seche-argan-ambre', 'gommage-corps-sucre-argan', 'savon-noir-beldi-eucalyptus', 'beurre-karite-fleur-oranger', 'gel-douche-fleur-oranger', 'creme-mains-amande-douce', 'deodorant-pierre-alun'],
  hair: ['shampooing-rhassoul-argan', 'apres-shampooing-argan', 'masque-capillaire-karite', 'huile-capillaire-nigelle-ricin', 'lotion-fortifiante-romarin', 'spray-demelant-eau-de-rose', 'serum-pointes-seches-argan', 'henne-naturel-du-sud'],
  pack: ['pack-eclat-visage', 'pack-rituel-hammam', 'pack-cheveux-nourris', 'pack-soin-corps-douceur', 'coffret-cadeau-argan'],
};
const CATEGORY_WEIGHTS: Array<[Category, number]> = [['face', 0.3], ['body', 0.3], ['hair', 0.3], ['pack', 0.1]];

/** mulberry32: small, fast and good enough to spread a catalogue (or a bench's mix of requests). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface Entry {
  id: string;
  slug: string;
  category: Category;
  name: string;
  description: string;
  translations: { 'ar-MA': { name: string; description: string } };
  price: number;
  oldPrice?: number;
  images: string[];
  updatedAt: string;
  initialStock?: number;
}

/** The shipped catalogue plus `size - 31` generated products (at least the shipped ones). */
export function generateCatalogue(size: number): { currency: 'MAD'; products: Entry[] } {
  const shipped = JSON.parse(readFileSync(join(repoRoot, 'cart-service/src/catalogue/catalogue.json'), 'utf8')) as { currency: 'MAD'; products: Entry[] };
  const products = [...shipped.products];
  const next = seededRandom(size);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const start = Date.UTC(2025, 0, 1);
  const span = Date.UTC(2026, 10, 30) - start;
  for (let n = products.length; n < size; n += 1) {
    let roll = next();
    const category = CATEGORY_WEIGHTS.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'face';
    const [typeFr, typeAr] = pick(TYPES[category]);
    const [ingredientFr, ingredientAr] = pick(INGREDIENTS);
    const [effectFr, effectAr] = pick(EFFECTS);
    const [regionFr, regionAr] = pick(REGIONS);
    const size = pick(SIZES);
    const of = /^(l'|la )/.test(ingredientFr) ? `à ${ingredientFr}` : `au ${ingredientFr}`;
    const name = `${typeFr} ${effectFr} ${of} ${regionFr} ${size}`;
    const arabicName = `${typeAr} ${effectAr} ب${ingredientAr} ${regionAr} ${size.replace('ml', 'مل')}`;
    const price = Math.round((39 + next() * 650) * 2) / 2;
    const onPromotion = next() < 0.2;
    const soldOut = next() < 0.08;
    const images = Array.from({ length: 1 + Math.floor(next() * 3) }, () => `/images/products/${pick(IMAGES[category])}.svg`);
    products.push({
      id: `gen-${String(n).padStart(6, '0')}`,
      slug: `${slugify(name).slice(0, 50).replace(/-$/, '')}-${n}`,
      category,
      name,
      description: `${typeFr} ${effectFr} ${of}, préparé dans la région ${regionFr === 'Atlas' ? "de l'Atlas" : `du ${regionFr}`} pour le soin quotidien de la peau et des cheveux.`,
      translations: {
        'ar-MA': { name: arabicName, description: `${typeAr} ${effectAr} ب${ingredientAr}، محضّر في منطقة ${regionAr} للعناية اليومية بالبشرة والشعر.` },
      },
      price,
      ...(onPromotion ? { oldPrice: Math.round(price * (1.15 + next() * 0.3)) } : {}),
      images: [...new Set(images)],
      updatedAt: new Date(start + next() * span).toISOString().slice(0, 10),
      ...(soldOut ? { initialStock: 0 } : {}),
    });
  }
  return { currency: 'MAD', products };
}
