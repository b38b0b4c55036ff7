// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExposedModuleId } from '@shop/contracts/exposes';
import { deferred } from '@shop/contracts/deferred';
import { ShopApp } from '../app/shop-app';
import { pageReadiness } from './page-readiness';
import type { RemoteLoader } from './remote-loader';
import { RemoteSlot } from './remote-slot';

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.shop;
});

const loaderOf = (modules: Partial<Record<ExposedModuleId, Promise<unknown>>>): RemoteLoader => ({
  load: (id) => (modules[id] ?? Promise.reject(new Error(`no ${id}`))) as never,
  serverFailure: () => null,
});

const ready = () => document.documentElement.dataset.shop === 'ready';

function Page({ loader }: { loader: RemoteLoader }) {
  return (
    <ShopApp locale="fr-MA" loader={loader} data={{}} notFoundPath={null} overrides={{}}>
      <MemoryRouter>
        <RemoteSlot id="mf_frame/Header" props={{ cartSlot: null }} fallback={() => <p>en-tête indisponible</p>} />
        <RemoteSlot id="mf_frame/Footer" props={{}} fallback={() => <p>pied de page indisponible</p>} loading={<p>Chargement…</p>} />
      </MemoryRouter>
    </ShopApp>
  );
}

describe('pageReadiness', () => {
  it('is ready once the root has committed and every tracked slot has settled, once', () => {
    let calls = 0;
    const readiness = pageReadiness(() => calls++);
    const a = { settled: false };
    const b = { settled: false };
    readiness.track(a);
    const forgetB = readiness.track(b);
    readiness.settle(a);
    expect(calls).toBe(0);
    readiness.rootCommitted();
    expect(calls).toBe(0);
    forgetB(); // b left the page before it settled
    expect(calls).toBe(1);
    readiness.settle(b);
    expect(calls).toBe(1);
  });

  it('a slot settled before the root committed does not make the page ready early', () => {
    let calls = 0;
    const readiness = pageReadiness(() => calls++);
    readiness.settle({ settled: false });
    expect(calls).toBe(0);
  });
});

describe('<html data-shop="ready">', () => {
  it('waits for a part whose own chunk arrives after its code (a content page), then the part is there', async () => {
    const header = deferred<unknown>();
    const footerChunk = deferred<{ default: ComponentType }>();
    const FooterPage = lazy(() => footerChunk.promise);
    const loader = loaderOf({
      'mf_frame/Header': header.promise,
      'mf_frame/Footer': Promise.resolve({ default: () => <FooterPage /> }),
    });
    render(<Page loader={loader} />);
    await act(async () => header.resolve({ default: () => <p>en-tête</p> }));
    expect(screen.getByText('en-tête')).toBeTruthy();
    expect(screen.getByText('Chargement…')).toBeTruthy();
    expect(ready()).toBe(false);

    await act(async () => footerChunk.resolve({ default: () => <p>pied de page</p> }));
    expect(screen.getByText('pied de page')).toBeTruthy();
    expect(ready()).toBe(true);
  });

  it('counts a part that cannot be loaded as settled once its fallback shows', async () => {
    const header = deferred<unknown>();
    const loader = loaderOf({ 'mf_frame/Header': header.promise, 'mf_frame/Footer': Promise.resolve({ default: () => <p>pied de page</p> }) });
    render(<Page loader={loader} />);
    await act(async () => undefined);
    expect(screen.getByText('pied de page')).toBeTruthy();
    expect(ready()).toBe(false);
    await act(async () => header.reject(new Error('remote down')));
    expect(screen.getByText('en-tête indisponible')).toBeTruthy();
    expect(ready()).toBe(true);
  });
});
