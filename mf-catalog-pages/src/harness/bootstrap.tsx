import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { CheckoutPage } from '../checkout/checkout-page';
import { HomePage } from '../home/home-page';
import { CategoryPage } from '../listing/category-page';
import '@shop/contracts/tokens.css';

// Standalone harness: the pages alone, on the shop's paths, talking to cart-service through the dev proxy.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/shop/all" element={<CategoryPage category="all" />} />
          <Route path="/shop/face" element={<CategoryPage category="face" />} />
          <Route path="/shop/body" element={<CategoryPage category="body" />} />
          <Route path="/shop/hair" element={<CategoryPage category="hair" />} />
          <Route path="/shop/pack" element={<CategoryPage category="pack" />} />
          <Route path="/shop/checkout" element={<CheckoutPage />} />
        </Routes>
      </main>
      <ToastContainer position="top-right" autoClose={3000} />
    </BrowserRouter>
  </StrictMode>,
);
