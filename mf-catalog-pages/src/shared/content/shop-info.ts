/** Contact details the pages quote (their hours and terms are words, in each language's messages); the same details as the frame's footer (mf-frame's frame-config). */
export const shopInfo = {
  name: 'Maison Argane',
  phone: '+212 5 22 48 12 30',
  phoneHref: 'tel:+212522481230',
  email: 'contact@maison-argane.ma',
} as const;
