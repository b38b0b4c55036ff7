import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import CartDropdown from '../exposes/cart-dropdown';
import '@shop/contracts/tokens.css';

// Standalone harness: the cart alone, talking to cart-service through the dev server's proxy.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: '1rem' }}>
        <CartDropdown locale="fr-MA" />
      </header>
      <main style={{ padding: '2rem' }}>
        <h1>Banc d’essai de mf-cart</h1>
      </main>
      <ToastContainer position="top-right" autoClose={3000} />
    </BrowserRouter>
  </StrictMode>,
);
