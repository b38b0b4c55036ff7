import { expect, test } from './support/test';
import { buildRelease } from './support/release';
import { remoteEntry, stackForThisFile } from './support/stack';

const CANDIDATE = '1.0.1-e2e';
// A second release of mf-cart, built the way its team's pipeline would, served beside 1.0.0.
const stack = stackForThisFile({ beforeStart: () => buildRelease('mf-cart', CANDIDATE) });

test('editing remotes.json switches mf_cart between releases served side by side, with no shell rebuild or restart', async ({
  page,
  request,
}) => {
  const cartRoot = page.locator('[data-remote="mf_cart"]');

  await page.goto(`${stack.url}/shop/face`);
  await expect(cartRoot).toHaveAttribute('data-release', '1.0.0');

  // Both releases are live on the remote's server at once.
  for (const version of ['1.0.0', CANDIDATE]) {
    const manifest = await request.get(remoteEntry(stack.ports, 'mf_cart', version));
    expect(manifest.status(), version).toBe(200);
  }

  const switchTo = async (version: string) => {
    const entry = remoteEntry(stack.ports, 'mf_cart', version);
    await stack.writeRemotes({
      remotes: stack.remotes.remotes.map((r) => (r.name === 'mf_cart' ? { ...r, entry } : r)),
    });
    // The shell picks the edit up by itself; wait until it serves it.
    await expect
      .poll(async () => (await (await request.get(`${stack.url}/remotes.json`)).json()).remotes.find((r: { name: string }) => r.name === 'mf_cart').entry)
      .toBe(entry);
  };

  await switchTo(CANDIDATE);
  const candidateScripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`:${stack.ports['mf-cart']}/${CANDIDATE}/`)) candidateScripts.push(r.url());
  });
  await page.reload();
  await expect(cartRoot).toHaveAttribute('data-release', CANDIDATE);
  expect(candidateScripts.some((u) => u.endsWith('/mf-manifest.json'))).toBe(true);
  expect(candidateScripts.some((u) => u.endsWith('.js'))).toBe(true);
  // The rest of the page is untouched.
  await expect(page.locator('[data-remote="mf_frame"]').first()).toHaveAttribute('data-release', '1.0.0');

  // Rollback is one edit.
  await switchTo('1.0.0');
  await page.reload();
  await expect(cartRoot).toHaveAttribute('data-release', '1.0.0');
});
