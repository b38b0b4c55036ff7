import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Footer } from '../footer/footer';
import { Header } from '../header/header';
import '@shop/contracts/tokens.css';

// Standalone harness: the frame alone, with a stand-in for the cart slot the shell fills on the shop page.
const cartStandIn = <span>[panier]</span>;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Header cartSlot={cartStandIn} />
      <main style={{ padding: '2rem' }}>
        <Routes>
          <Route path="*" element={<h1>Banc d’essai de mf-frame</h1>} />
        </Routes>
      </main>
      <Footer />
    </BrowserRouter>
  </StrictMode>,
);
