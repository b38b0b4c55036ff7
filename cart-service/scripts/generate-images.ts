/**
 * Generates one SVG per catalogue product under public/images/products/<slug>.svg, plus a placeholder.
 * Run after editing the catalogue: `npx tsx scripts/generate-images.ts` (from cart-service/).
 * The output is committed; cart-service refuses to start when a catalogue image is missing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Category = 'face' | 'body' | 'hair' | 'pack';
type Shape = 'dropper' | 'jar' | 'tube' | 'pump' | 'bottle' | 'spray' | 'stick' | 'bar' | 'mitt' | 'stone' | 'sachet' | 'box';

interface Entry {
  slug: string;
  name: string;
  category: Category;
  images: string[];
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cataloguePath = process.argv[2] ? resolve(process.argv[2]) : join(root, 'src/catalogue/catalogue.json');
const outDir = join(root, 'public/images/products');

const palette: Record<Category, { bg: string; halo: string; fill: string; ink: string; label: string }> = {
  face: { bg: '#FBF0F2', halo: '#F6DCE1', fill: '#F1C4CD', ink: '#8E4B5A', label: 'SOINS DU VISAGE' },
  body: { bg: '#FBF3E8', halo: '#F3E1C9', fill: '#E9CFAE', ink: '#7F5B36', label: 'SOINS DU CORPS' },
  hair: { bg: '#EFF5EE', halo: '#DCEADB', fill: '#C6DCC8', ink: '#4E7257', label: 'SOINS CAPILLAIRES' },
  pack: { bg: '#F3EFF8', halo: '#E4DCF1', fill: '#D6CBEA', ink: '#62508A', label: 'PACKS & COFFRETS' },
};

/** The first keyword found in the slug decides the drawing; order matters (most specific first). */
const shapeRules: Array<[RegExp, Shape]> = [
  [/^(pack|coffret)/, 'box'],
  [/serum|lotion|huile-capillaire/, 'dropper'],
  [/creme-mains|contour/, 'tube'],
  [/baume/, 'stick'],
  [/savon/, 'bar'],
  [/gant|kessa/, 'mitt'],
  [/pierre|alun/, 'stone'],
  [/henne/, 'sachet'],
  [/spray|eau-de-rose/, 'spray'],
  [/shampooing|gel-douche|lait|demaquillante/, 'pump'],
  [/huile/, 'bottle'],
  [/creme|beurre|masque|gommage/, 'jar'],
];

function shapeFor(slug: string): Shape {
  for (const [pattern, shape] of shapeRules) if (pattern.test(slug)) return shape;
  return 'bottle';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && (current + ' ' + word).length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** Drawings are centred on (300, 250) and fit in a 260×300 box. */
function drawShape(shape: Shape, fill: string, ink: string): string {
  const s = `stroke="${ink}" stroke-width="4" stroke-linejoin="round"`;
  switch (shape) {
    case 'dropper':
      return `<rect x="255" y="175" width="90" height="190" rx="22" fill="${fill}" ${s}/>
    <rect x="272" y="140" width="56" height="38" rx="6" fill="${ink}"/>
    <path d="M286 140 V112 Q300 84 314 112 V140 Z" fill="${ink}" opacity="0.85"/>
    <rect x="270" y="230" width="60" height="80" rx="6" fill="#FFFFFF" opacity="0.75"/>
    <rect x="265" y="190" width="10" height="150" rx="5" fill="#FFFFFF" opacity="0.45"/>`;
    case 'jar':
      return `<rect x="195" y="170" width="210" height="52" rx="14" fill="${ink}"/>
    <rect x="185" y="218" width="230" height="150" rx="34" fill="${fill}" ${s}/>
    <rect x="225" y="258" width="150" height="70" rx="10" fill="#FFFFFF" opacity="0.75"/>
    <rect x="200" y="232" width="12" height="118" rx="6" fill="#FFFFFF" opacity="0.45"/>`;
    case 'tube':
      return `<path d="M240 130 H360 L345 330 H255 Z" fill="${fill}" ${s}/>
    <rect x="238" y="118" width="124" height="16" rx="4" fill="${ink}" opacity="0.85"/>
    <rect x="272" y="330" width="56" height="44" rx="8" fill="${ink}"/>
    <rect x="262" y="190" width="76" height="70" rx="8" fill="#FFFFFF" opacity="0.75"/>`;
    case 'pump':
      return `<rect x="240" y="185" width="120" height="185" rx="26" fill="${fill}" ${s}/>
    <rect x="280" y="150" width="40" height="38" rx="6" fill="${ink}"/>
    <rect x="292" y="118" width="16" height="34" fill="${ink}"/>
    <path d="M300 112 H352 V126 H300 Z" fill="${ink}"/>
    <rect x="258" y="240" width="84" height="84" rx="10" fill="#FFFFFF" opacity="0.75"/>
    <rect x="250" y="200" width="10" height="150" rx="5" fill="#FFFFFF" opacity="0.45"/>`;
    case 'bottle':
      return `<path d="M275 150 H325 V190 Q370 205 370 250 V350 Q370 372 348 372 H252 Q230 372 230 350 V250 Q230 205 275 190 Z" fill="${fill}" ${s}/>
    <rect x="270" y="118" width="60" height="36" rx="8" fill="${ink}"/>
    <rect x="252" y="262" width="96" height="72" rx="10" fill="#FFFFFF" opacity="0.75"/>
    <rect x="240" y="240" width="10" height="110" rx="5" fill="#FFFFFF" opacity="0.45"/>`;
    case 'spray':
      return `<rect x="245" y="195" width="110" height="175" rx="30" fill="${fill}" ${s}/>
    <rect x="278" y="160" width="44" height="38" rx="6" fill="${ink}"/>
    <rect x="270" y="128" width="60" height="34" rx="8" fill="${ink}" opacity="0.85"/>
    <circle cx="360" cy="140" r="5" fill="${ink}" opacity="0.5"/>
    <circle cx="378" cy="128" r="4" fill="${ink}" opacity="0.4"/>
    <circle cx="380" cy="152" r="4" fill="${ink}" opacity="0.4"/>
    <rect x="262" y="250" width="76" height="78" rx="10" fill="#FFFFFF" opacity="0.75"/>`;
    case 'stick':
      return `<rect x="262" y="210" width="76" height="160" rx="12" fill="${fill}" ${s}/>
    <path d="M272 210 V150 Q300 118 328 150 V210 Z" fill="${ink}" opacity="0.8"/>
    <rect x="258" y="205" width="84" height="18" rx="6" fill="${ink}"/>
    <rect x="274" y="255" width="52" height="70" rx="8" fill="#FFFFFF" opacity="0.75"/>`;
    case 'bar':
      return `<rect x="180" y="215" width="240" height="120" rx="40" fill="${fill}" ${s}/>
    <ellipse cx="300" cy="275" rx="80" ry="30" fill="#FFFFFF" opacity="0.55"/>
    <circle cx="228" cy="180" r="16" fill="#FFFFFF" ${s}/>
    <circle cx="262" cy="160" r="10" fill="#FFFFFF" ${s}/>
    <circle cx="360" cy="175" r="13" fill="#FFFFFF" ${s}/>`;
    case 'mitt':
      return `<path d="M230 370 V220 Q230 150 290 150 Q350 150 350 220 V250 Q390 220 400 250 Q405 270 360 310 V370 Z" fill="${fill}" ${s}/>
    <rect x="222" y="340" width="146" height="32" rx="8" fill="${ink}"/>
    <path d="M250 200 L330 280 M250 240 L320 310 M270 180 L340 250" stroke="#FFFFFF" stroke-width="6" opacity="0.6" stroke-linecap="round"/>`;
    case 'stone':
      return `<path d="M215 330 Q200 250 250 205 Q300 165 355 200 Q405 235 390 310 Q380 365 300 368 Q225 370 215 330 Z" fill="${fill}" ${s}/>
    <path d="M255 235 Q290 210 330 225" stroke="#FFFFFF" stroke-width="10" fill="none" opacity="0.7" stroke-linecap="round"/>`;
    case 'sachet':
      return `<path d="M225 150 H375 L385 370 H215 Z" fill="${fill}" ${s}/>
    <path d="M225 150 L245 128 H355 L375 150" fill="${ink}" opacity="0.85"/>
    <rect x="250" y="220" width="100" height="90" rx="10" fill="#FFFFFF" opacity="0.75"/>
    <path d="M300 236 Q325 262 300 292 Q275 262 300 236 Z" fill="${ink}" opacity="0.7"/>`;
    case 'box':
      return `<rect x="180" y="205" width="240" height="165" rx="10" fill="${fill}" ${s}/>
    <rect x="168" y="175" width="264" height="45" rx="8" fill="${fill}" ${s}/>
    <rect x="285" y="175" width="30" height="195" fill="${ink}" opacity="0.85"/>
    <path d="M300 175 Q250 120 232 150 Q222 172 300 175 Q350 120 368 150 Q378 172 300 175 Z" fill="${ink}"/>`;
  }
}

function svgFor(name: string, category: Category, shape: Shape): string {
  const c = palette[category];
  const lines = wrap(name, 24, 3);
  const firstY = 440 + (3 - lines.length) * 14;
  const text = lines
    .map((line, i) => `<text x="300" y="${firstY + i * 40}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="32" fill="${c.ink}">${escapeXml(line)}</text>`)
    .join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-labelledby="t">
  <title id="t">${escapeXml(name)}</title>
  <rect width="600" height="600" fill="${c.bg}"/>
  <circle cx="300" cy="250" r="175" fill="${c.halo}"/>
  <g>
    ${drawShape(shape, c.fill, c.ink)}
  </g>
  <text x="300" y="58" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18" letter-spacing="4" fill="${c.ink}" opacity="0.8">${escapeXml(c.label)}</text>
  ${text}
</svg>
`;
}

function placeholderSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-labelledby="t">
  <title id="t">Image indisponible</title>
  <rect width="600" height="600" fill="#F5F2EF"/>
  <circle cx="300" cy="260" r="150" fill="#EAE4DE"/>
  <rect x="240" y="190" width="120" height="150" rx="26" fill="#D9D0C7"/>
  <rect x="275" y="160" width="50" height="34" rx="6" fill="#B9AEA3"/>
  <text x="300" y="470" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="32" fill="#8A7F75">Image indisponible</text>
</svg>
`;
}

const catalogue = JSON.parse(readFileSync(cataloguePath, 'utf8')) as { products: Entry[] };
mkdirSync(outDir, { recursive: true });
let count = 0;
for (const product of catalogue.products) {
  const svg = svgFor(product.name, product.category, shapeFor(product.slug));
  for (const image of product.images) {
    const match = /^\/images\/products\/([a-z0-9-]+\.svg)$/.exec(image);
    if (!match?.[1]) continue; // other images (hand-made photos) are the operator's own files
    writeFileSync(join(outDir, match[1]), svg);
    count += 1;
  }
}
writeFileSync(join(root, 'public/images/placeholder.svg'), placeholderSvg());
console.log(`Wrote ${count} product images and a placeholder under ${join(root, 'public/images')}`);
