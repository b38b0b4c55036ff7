/**
 * Where an arrow key moves in a row of tabs (WAI-ARIA tabs): +1 to the next, -1 to the previous, 0 for another key.
 * The next tab is towards the end of the line: to the right left to right, to the left on a right-to-left page.
 */
export function arrowStep(key: string, dir: 'ltr' | 'rtl'): 1 | -1 | 0 {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return 0;
  return (key === 'ArrowRight') === (dir === 'ltr') ? 1 : -1;
}
