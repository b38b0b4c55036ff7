import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { harnessRoutes } from './harness-routes';
import '@shop/contracts/tokens.css';

// Standalone harness: the pages alone, on the shop's paths, talking to cart-service through the dev proxy.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <header style={{ padding: '0.5rem 1rem' }}>
        <nav aria-label="Banc d’essai">
          <Link to="/">Accueil</Link> · <Link to="/shop/all">Tous les produits</Link> · <Link to="/shop">Boutique</Link> ·{' '}
          <Link to="/shop/whistlist">Liste d’envies</Link> · <Link to="/shop/checkout">Paiement</Link> ·{' '}
          <Link to="/order-tracking">Suivi de commande</Link>
        </nav>
      </header>
      <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1rem' }}>
        <Routes>
          {harnessRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
      </main>
      <ToastContainer position="top-right" autoClose={3000} />
    </BrowserRouter>
  </StrictMode>,
);
