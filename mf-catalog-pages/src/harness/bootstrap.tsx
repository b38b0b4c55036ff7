import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ShopLink } from '@shop/contracts/shop-link';
import { ToastContainer } from 'react-toastify';
import type { ShopHref } from '@shop/contracts/routes';
import { harnessRoutes } from './harness-routes';
import '@shop/contracts/tokens.css';

const harnessNav: readonly { label: string; to: ShopHref }[] = [
  { label: 'Accueil', to: '/' },
  { label: 'Tous les produits', to: '/shop/all' },
  { label: 'Boutique', to: '/shop' },
  { label: 'Liste d’envies', to: '/shop/whistlist' },
  { label: 'Paiement', to: '/shop/checkout' },
  { label: 'Suivi de commande', to: '/order-tracking' },
];

// Standalone harness: the pages alone, on the shop's paths, talking to cart-service through the dev proxy.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <header style={{ padding: '0.5rem 1rem' }}>
        <nav aria-label="Banc d’essai">
          {harnessNav.map((link, index) => (
            <span key={link.to}>
              {index > 0 ? ' · ' : null}
              <ShopLink to={link.to}>{link.label}</ShopLink>
            </span>
          ))}
        </nav>
      </header>
      <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1rem' }}>
        {/* As the shell's slot does: a page may suspend on a chunk of its own (exposes.ts). */}
        <Suspense fallback={<p aria-busy="true">Chargement…</p>}>
          <Routes>
            {harnessRoutes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
        </Suspense>
      </main>
      <ToastContainer position="top-right" autoClose={3000} />
    </BrowserRouter>
  </StrictMode>,
);
