import { createElement, Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToHtml } from './render-to-html';

const never = new Promise<string>(() => {});
const soon = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('prête'), ms));

function Part({ text }: { text: Promise<string> }) {
  return createElement('p', null, use(text));
}

const page = (late: Promise<string>, onTime: Promise<string>) =>
  createElement(
    'main',
    null,
    createElement(Suspense, { fallback: createElement('p', null, 'Chargement…') }, createElement(Part, { text: late })),
    createElement(Suspense, { fallback: createElement('p', null, 'Chargement…') }, createElement(Part, { text: onTime })),
  );

describe('renderToHtml', () => {
  it('leaves a part late for the deadline to the browser in place, with no inline script (the page’s CSP allows none)', async () => {
    const { html, problems } = await renderToHtml(page(never, Promise.resolve('à l’heure')), 10);
    expect(problems).toEqual(['not rendered within 10 ms']);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$?-->');
    // The late part: its fallback, marked as the browser's to render; the other part as rendered.
    expect(html).toMatch(/<!--\$!--><template[^>]*><\/template><p>Chargement…<\/p><!--\/\$-->/);
    expect(html).toContain('<!--$--><p>à l’heure</p><!--/$-->');
  });

  it('waits for every part up to the deadline', async () => {
    const { html, problems } = await renderToHtml(page(soon(5), soon(1)), 1000);
    expect(problems).toEqual([]);
    expect(html).toBe('<main><!--$--><p>prête</p><!--/$--><!--$--><p>prête</p><!--/$--></main>');
  });
});
