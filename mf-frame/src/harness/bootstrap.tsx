import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { Footer } from '../footer/footer';
import { Header } from '../header/header';
import '@shop/contracts/tokens.css';

// Standalone harness: the whole frame around a tall page, with a stand-in for the cart slot the shell fills and the
// one toast container the shell renders (top-right, 3 s). /index2 shows the variant, as in the shop.
const cartStandIn = (
  <button type="button" aria-label="Panier (factice)" style={{ width: '2.75rem', height: '2.75rem' }}>
    🛒
  </button>
);

function HarnessPage() {
  const { pathname, search } = useLocation();
  const variant = pathname === '/index2' ? 'alt' : 'default';
  return (
    <>
      <Header cartSlot={cartStandIn} variant={variant} />
      <main style={{ maxWidth: 'var(--content-width)', margin: '0 auto', padding: 'var(--space-4)' }}>
        <h1>Banc d’essai de mf-frame</h1>
        <p>
          Adresse actuelle : <code>{pathname + search}</code>
        </p>
        {Array.from({ length: 12 }, (_, i) => (
          <p key={i} style={{ minHeight: '6rem' }}>
            Paragraphe {i + 1} : une page assez haute pour voir l’en-tête collant après 10 px de défilement.
          </p>
        ))}
      </main>
      <Footer variant={variant} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <HarnessPage />
      <ToastContainer position="top-right" autoClose={3000} />
    </BrowserRouter>
  </StrictMode>,
);
