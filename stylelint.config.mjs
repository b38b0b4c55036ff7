// Stylelint for the whole workspace, run by `npx -y pnpm@10.34.9 lint` (`stylelint "**/*.css"`).
// Its one job: no physical left/right in the shop's CSS. Arabic pages are `<html lang="ar-MA" dir="rtl">`, and a
// layout mirrors there only through logical properties (inline-start/end), which equal the physical ones left to right.
// A declaration that truly must stay physical takes a comment saying why:
//   /* stylelint-disable-next-line property-disallowed-list -- the reason */
// Tested by scripts/stylelint-logical.test.ts.

const WHY = 'Arabic pages are right to left, where only logical properties mirror:';
const SIDE = { left: 'start', right: 'end' };
const EDGE = { top: 'start', bottom: 'end' };

/** The logical property for a physical one: margin-left → margin-inline-start, border-top-right-radius → border-start-end-radius. */
function logical(property) {
  const radius = /^border-(top|bottom)-(left|right)-radius$/.exec(property);
  if (radius) return `border-${EDGE[radius[1]]}-${SIDE[radius[2]]}-radius`;
  const side = /^(margin|padding|border|scroll-margin|scroll-padding)-(left|right)(-.+)?$/.exec(property);
  if (side) return `${side[1]}-inline-${SIDE[side[2]]}${side[3] ?? ''}`;
  if (property in SIDE) return `inset-inline-${SIDE[property]}`;
  return 'its logical form';
}

/** @type {import('stylelint').Config} */
export default {
  ignoreFiles: ['**/node_modules/**', '**/dist/**', '**/test-results/**', 'playwright-report/**', 'bench/results/**', '**/.data/**'],
  reportNeedlessDisables: true,
  reportInvalidScopeDisables: true,
  reportDescriptionlessDisables: true,
  rules: {
    'property-disallowed-list': [
      [
        '/^(margin|padding|border)-(left|right)/',
        'left',
        'right',
        '/^border-(top|bottom)-(left|right)-radius$/',
        '/^scroll-(margin|padding)-(left|right)$/',
      ],
      {
        message: (property) => `${WHY} use ${logical(property)}, not ${property}.`,
      },
    ],
    'declaration-property-value-disallowed-list': [
      {
        float: ['/^(left|right)$/i'],
        clear: ['/^(left|right)$/i'],
        'text-align': ['/^(left|right)$/i'],
      },
      {
        message: (property, value) =>
          `${WHY} ${property}: ${property === 'text-align' ? '' : 'inline-'}${SIDE[value.toLowerCase()] ?? 'start|end'}, not ${value}.`,
      },
    ],
  },
};
