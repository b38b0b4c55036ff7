import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { LOCALE_PREFIXES, localeOfPath, textDirection } from '@shop/contracts/locales';
import Footer from '../exposes/footer';
import Header from '../exposes/header';
import '@shop/contracts/tokens.css';

// Standalone harness: the whole frame around a tall page, with a stand-in for the cart slot the shell fills and the
// one toast container the shell renders (top-right, 3 s). /index2 shows the variant, as in the shop. The parts are the
// exposed modules, in the page's language as the shell reads it from the URL: /ar/… is Arabic, right to left (the
// language switch loads the page anew). The harness's own words stay French: only developers read them.
const locale = localeOfPath(window.location.pathname).locale;
document.documentElement.lang = locale;
document.documentElement.dir = textDirection(locale);

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
      <Header locale={locale} cartSlot={cartStandIn} variant={variant} />
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
      <Footer locale={locale} variant={variant} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={LOCALE_PREFIXES[locale] || undefined}>
      {/* The shell's slots are the parts' boundaries; here, one for the page while its language's words load. */}
      <Suspense fallback={null}>
        <HarnessPage />
      </Suspense>
      <ToastContainer position="top-right" autoClose={3000} />
    </BrowserRouter>
  </StrictMode>,
);
