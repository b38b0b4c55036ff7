import type { ApiErrorCode } from '@shop/contracts/errors';
import { DEFAULT_LOCALE, type Localized } from '@shop/contracts/locales';
import { ApiError as ServerKitApiError, GENERIC_MESSAGES_IN } from '@shop/server-kit/api-error';

/** server-kit's ApiError (the same class), its code one of the contracts' `ApiErrorCode`, checked when compiled. */
export const ApiError = ServerKitApiError<ApiErrorCode>;
export type ApiError = ServerKitApiError<ApiErrorCode>;

/**
 * The French messages, in one place so the frontend team and the tests read the same text: server-kit's generic ones
 * (every server's: internal error, 405, 404, 415, 413, 400, origin, too many requests…) and cart-service's own.
 */
const frenchMessages = {
  ...GENERIC_MESSAGES_IN['fr-MA'],
  unknownField: 'La requête contient un champ non autorisé.',
  productIdInvalid: "L'identifiant du produit est manquant ou invalide.",
  quantity: (min: number, max: number) => `La quantité doit être un nombre entier entre ${min} et ${max}.`,
  quantityTotal: (max: number) => `La quantité totale de ce produit dans le panier ne peut pas dépasser ${max}.`,
  productNotFound: 'Produit introuvable.',
  lineNotInCart: "Ce produit n'est pas dans votre panier.",
  categoryInvalid: 'Catégorie inconnue : utilisez all, face, body, hair ou pack.',
  sortInvalid: 'Tri inconnu : utilisez pertinence, prix-croissant, prix-decroissant, nouveautes ou nom.',
  priceRangeInvalid: 'Tranche de prix inconnue : utilisez moins-100, 100-200 ou plus-200.',
  flagInvalid: 'Les filtres promo et dispo valent 1 (oui) ou 0 (non).',
  idsInvalid: 'La liste de produits (ids) contient un identifiant invalide ou plus de 100 produits.',
  parameterRepeated: 'Chaque paramètre de la liste ne peut être donné qu’une fois.',
  sitemapFileNotFound: 'Ce fichier du plan du site n’existe pas.',
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
  backupOnServer: 'La base de données est un serveur PostgreSQL (DATABASE_URL) : ses sauvegardes se font avec pgBackRest, voir docs/production.md#backups.',
  /** The contact form's summary above its fields' messages. */
  contactRefused: 'Votre message n’a pas pu être envoyé : corrigez les champs signalés.',
  /** Not a refusal: what `POST /api/newsletter` answers. */
  newsletterThanks: 'Merci ! Votre inscription à la newsletter est bien enregistrée.',
};

export type Messages = typeof frenchMessages;

/**
 * A count said in Arabic: the noun agrees with the number (one, two, 3 to 10, 11 to 99, and hundreds: `وحدة واحدة`,
 * `وحدتين`, `3 وحدات`, `11 وحدة`, `100 وحدة`). Every use here is after a preposition or `سوى`, hence the dual's `-ين`.
 */
function arabicCount(n: number, noun: { one: string; two: string; few: string; many: string }): string {
  if (n === 1) return noun.one;
  if (n === 2) return noun.two;
  const rest = n % 100;
  return rest >= 3 && rest <= 10 ? `${n} ${noun.few}` : `${n} ${noun.many}`;
}

const UNITS = { one: 'وحدة واحدة', two: 'وحدتين', few: 'وحدات', many: 'وحدة' };
const MINUTES = { one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة' };

/** cart-service's messages in each shop language: the request's is `messagesIn[languageOf(ctx)]` (language.ts). */
export const messagesIn: Localized<Messages> = {
  'fr-MA': frenchMessages,
  'ar-MA': {
    ...GENERIC_MESSAGES_IN['ar-MA'],
    unknownField: 'يحتوي الطلب على حقل غير مسموح به.',
    productIdInvalid: 'معرّف المنتج مفقود أو غير صالح.',
    quantity: (min: number, max: number) => `يجب أن تكون الكمية عددًا صحيحًا بين ${min} و${max}.`,
    quantityTotal: (max: number) => `لا يمكن أن تتجاوز الكمية الإجمالية لهذا المنتج في السلة ${max}.`,
    productNotFound: 'المنتج غير موجود.',
    lineNotInCart: 'هذا المنتج غير موجود في سلتك.',
    categoryInvalid: 'فئة غير معروفة: استعمل all أو face أو body أو hair أو pack.',
    sortInvalid: 'ترتيب غير معروف: استعمل pertinence أو prix-croissant أو prix-decroissant أو nouveautes أو nom.',
    priceRangeInvalid: 'نطاق سعر غير معروف: استعمل moins-100 أو 100-200 أو plus-200.',
    flagInvalid: 'قيمة المرشّحين promo وdispo هي 1 (نعم) أو 0 (لا).',
    idsInvalid: 'قائمة المنتجات (ids) تحتوي على معرّف غير صالح أو على أكثر من 100 منتج.',
    parameterRepeated: 'لا يمكن إعطاء كل معيار من معايير القائمة إلا مرة واحدة.',
    sitemapFileNotFound: 'ملف خريطة الموقع هذا غير موجود.',
    emailInvalid: 'عنوان البريد الإلكتروني غير صالح.',
    cartEmpty: 'سلتك فارغة: أضف منتجات قبل تقديم الطلب.',
    orderOutOfStock: (name: string, left: number) =>
      left <= 0
        ? `« ${name} » نفد من المخزون: احذفه من سلتك لتأكيد الطلب.`
        : `لم يتبقَّ من « ${name} » سوى ${arabicCount(left, UNITS)}: قلّل الكمية في سلتك لتأكيد الطلب.`,
    cartOutOfStock: (name: string, left: number) =>
      left <= 0 ? `« ${name} » نفد من المخزون.` : `لم يتبقَّ من « ${name} » في المخزون سوى ${arabicCount(left, UNITS)}.`,
    idempotencyKeyReused: 'سبق إرسال هذا الطلب بمعلومات توصيل أخرى. أعد تحميل الصفحة للتحقق من طلبك قبل المحاولة من جديد.',
    stockInvalid: 'يجب أن تكون الكمية في المخزون عددًا صحيحًا بين 0 ومليون.',
    stockDeltaInvalid: 'يجب أن يكون تعديل المخزون عددًا صحيحًا غير الصفر، بين سالب مليون وموجب مليون.',
    stockBelowZero: (name: string, onHand: number) => `لا يمكن أن يصبح مخزون « ${name} » سالبًا: المتبقي منه ${onHand}.`,
    cursorInvalid: 'مؤشر الصفحات غير صالح: أعد عرض القائمة من بدايتها.',
    limitInvalid: 'يجب أن يكون حجم الصفحة عددًا صحيحًا بين 1 و100.',
    searchInvalid: 'بحث غير صالح: أدخل رقم طلب (مثل K7M2-Q9XP) أو رقم هاتف مغربي.',
    orderNotFound: 'لا يوجد أي طلب يطابق رقم الطلب ورقم الهاتف المدخلين.',
    tooManyAttempts: (minutes: number) => `محاولات تتبع كثيرة جدًا. حفاظًا على الأمان، أعد المحاولة بعد ${arabicCount(minutes, MINUTES)}.`,
    idempotencyKey: 'ترويسة Idempotency-Key مفقودة أو غير صالحة (من 8 إلى 64 رمزًا: حروف وأرقام و- و_).',
    // The statuses are the API's values, the ones an operator sends.
    invalidTransition: (from: string, to: string) => `لا يمكن نقل طلب من الحالة « ${from} » إلى الحالة « ${to} ».`,
    statusInvalid: 'حالة غير معروفة: القيم المقبولة هي reçue أو confirmée أو expédiée أو livrée أو annulée.',
    unauthorized: 'المصادقة مطلوبة: رمز المسؤول مفقود أو غير صالح.',
    adminDisabled: 'إدارة الطلبات معطّلة: حدّد قيمة ADMIN_TOKEN.',
    backupOnServer: 'قاعدة البيانات خادم PostgreSQL (DATABASE_URL): تُنسخ احتياطيًا بأداة pgBackRest، راجع docs/production.md#backups.',
    contactRefused: 'تعذّر إرسال رسالتك: صحّح الحقول المشار إليها.',
    newsletterThanks: 'شكرًا! تم تسجيل اشتراكك في النشرة الإخبارية بنجاح.',
  },
};

/** The French messages (the default language's). */
export const messages: Messages = messagesIn[DEFAULT_LOCALE];
