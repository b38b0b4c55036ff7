/**
 * The catalogue as a CSV file (issue 61): what merchandisers export, edit in a spreadsheet and import back, in bulk.
 *
 *   GET  /admin/catalogue/products.csv   → text/csv, every product (archived ones too), in the shop's order
 *   POST /admin/catalogue/products.csv   text/csv → application/x-ndjson: CatalogueCsvProgress lines, then the outcome
 *
 * (release-control's `/operations/api/catalogue/products.csv` passes both through, for an operator with the `catalogue`
 * role.) The file is UTF-8, comma-separated, quoted as RFC 4180 says (a field holding a comma, a quote or a line break
 * is between double quotes, a quote doubled). The export starts with a byte order mark, so that Excel opens the Arabic
 * texts as UTF-8; an import takes a file with or without one.
 *
 * An import is checked whole before anything is written: every refused line is listed (`line` as a spreadsheet
 * numbers its rows, the header being row 1) and nothing is written; otherwise one transaction writes every change.
 * Once the server has read the file and started answering, the status is 200 and the outcome is the stream's last line
 * (`result` or `error`); a body that is no CSV at all (415, 400 for no header of these columns) or too large (413) is
 * refused with the usual envelope before the stream starts.
 */

/**
 * The columns, in this order (an import reads them by name in the header, so a spreadsheet may reorder them; each must
 * be there). Why these: one row is every field a merchandiser edits in the console, flat, so that a file is one product
 * a line and a round trip changes nothing; `id` and `version` tie a line to a product as it was exported, so a stale
 * line is refused rather than overwriting a save made since. Images are not in it: a photo is uploaded, not typed.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'id',
  'version',
  'slug',
  'category',
  'price',
  'promo_old_price',
  'promo_starts_at',
  'promo_ends_at',
  'name_fr',
  'description_fr',
  'name_ar',
  'description_ar',
  'archived',
  'stock',
] as const;

export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** What each column holds: the format's documentation (cart-service's README repeats it). */
export const CATALOGUE_CSV_COLUMN_NOTES: Record<CatalogueCsvColumn, string> = {
  id: 'The product’s id; empty for a new product (the shop gives it one).',
  version: 'The version exported; empty for a new product. A product changed since the export refuses its line.',
  slug: 'Its address: lowercase letters without accents, digits and dashes (64 at most).',
  category: 'face, body, hair or pack.',
  price: 'In MAD, a point before at most two decimals: 129.5.',
  promo_old_price: 'The price before the promotion, higher than the price; empty: no promotion.',
  promo_starts_at: 'ISO 8601 instant (2026-12-10T00:00:00Z) or empty (from now); needs promo_old_price.',
  promo_ends_at: 'ISO 8601 instant after the start, or empty (until removed); needs promo_old_price.',
  name_fr: 'The French name, 2 to 120 characters.',
  description_fr: 'The French description, 10 to 400 characters.',
  name_ar: 'The Arabic name, 2 to 120 characters.',
  description_ar: 'The Arabic description, 10 to 400 characters.',
  archived: 'oui (hidden from the shop) or non; empty is non.',
  // Orders move stock between an export and an import: a file's figure for a known product would undo them.
  stock: 'Units on hand. Only a new product’s initial stock (empty: 0); ignored for an existing product, whose stock only orders and stock adjustments change.',
};

/** The most products one file may hold. */
export const CATALOGUE_CSV_MAX_ROWS = 50_000;

/**
 * The largest body an import takes: 50,000 rows at their longest texts (a name of 120 and a description of 400
 * characters in each language, two bytes a character in UTF-8 for Arabic and accented French), plus the other columns
 * and quoting, about 2,400 bytes a row. A real file is a fifth of that.
 */
export const CATALOGUE_CSV_MAX_BYTES = CATALOGUE_CSV_MAX_ROWS * 2_400;

/** `archived` in a file: French, as the console shows it. */
export const CSV_YES = 'oui';
export const CSV_NO = 'non';

/** One refused line of an import: the spreadsheet's row number (the header is 1), the column, why in French. */
export interface CatalogueCsvLineError {
  line: number;
  /** A column's name, or `(ligne)` for the line as a whole. */
  field: CatalogueCsvColumn | '(ligne)';
  message: string;
}

/** What an import changed: products added, products updated, lines identical to their product. */
export interface CatalogueCsvResult {
  added: number;
  updated: number;
  unchanged: number;
}

/** One line of the import's NDJSON answer. */
export type CatalogueCsvProgress =
  | { phase: 'validating' | 'writing'; done: number; total: number }
  | { result: CatalogueCsvResult }
  | { error: { code: 'validation_failed' | 'internal_error'; message: string; lines: CatalogueCsvLineError[] } };

/** The most refused lines an answer lists (a file wrong throughout would otherwise send one per cell). */
export const CATALOGUE_CSV_LISTED_ERRORS = 1000;

/** The French messages of an import: the console shows them as they come. */
export const CATALOGUE_CSV_MESSAGES = {
  refused: (lines: number) => `Le fichier n’a pas été importé : ${lines} ligne(s) à corriger. Rien n’a été modifié.`,
  moreErrors: (more: number) => `… et ${more} autre(s) erreur(s).`,
  notCsv: 'Envoyez un fichier CSV (text/csv) en UTF-8.',
  unreadable: (line: number) => `Le fichier n’est pas un CSV lisible (guillemets mal fermés ou colonnes en trop vers la ligne ${line}).`,
  missingColumns: (columns: string[]) => `L’en-tête du fichier doit nommer les colonnes ${columns.join(', ')}.`,
  empty: 'Le fichier ne contient aucun produit.',
  columnCount: (found: number, expected: number) => `La ligne a ${found} colonne(s) au lieu de ${expected} : une virgule ou un guillemet de trop ?`,
  tooManyRows: (max: number) => `Un fichier contient au plus ${max.toLocaleString('fr-FR')} produits.`,
  duplicateId: (first: number) => `Ce produit est déjà à la ligne ${first}.`,
  duplicateSlug: (first: number) => `Cette adresse est déjà celle de la ligne ${first}.`,
  slugTaken: (slug: string) => `L’adresse « ${slug} » est déjà celle d’un autre produit.`,
  unknownId: (id: string) => `Aucun produit n’a l’identifiant « ${id} » : laissez id vide pour un nouveau produit.`,
  versionMissing: 'La version exportée manque : elle dit si le produit a changé depuis l’export.',
  versionForNew: 'Un nouveau produit n’a pas de version : laissez version vide (ou donnez son id).',
  staleVersion: (exported: number, current: number) =>
    `Ce produit a été modifié depuis l’export (version ${exported}, elle est maintenant ${current}) : exportez à nouveau.`,
  archived: 'archived : oui ou non.',
  stock: 'Le stock : un nombre entier d’unités, de 0 à 1 000 000.',
  price: 'Un montant en MAD, avec un point et deux décimales au plus (129.50).',
  instant: 'Une date et une heure ISO 8601 (2026-12-10T00:00:00Z), ou vide.',
  promotionDatesWithoutPrice: 'Des dates de promotion sans ancien prix : remplissez promo_old_price ou videz les dates.',
  failed: 'L’import a échoué. Rien n’a été modifié ; réessayez.',
  unavailable: 'Le catalogue ne répond pas. Réessayez dans un instant.',
  noAdminToken: 'Le catalogue n’est pas disponible : ADMIN_TOKEN n’est pas défini pour la boutique.',
} as const;
