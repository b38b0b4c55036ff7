// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { frameConfig } from '../shared/config/frame-config';
import { Footer } from './footer';

afterEach(cleanup);

describe('Footer', () => {
  it('shows the configured contact phone and email as links, and this year’s copyright', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: frameConfig.contact.phone }).getAttribute('href')).toBe(
      `tel:${frameConfig.contact.phone.replace(/\s/g, '')}`,
    );
    expect(screen.getByRole('link', { name: frameConfig.contact.email }).getAttribute('href')).toBe(
      `mailto:${frameConfig.contact.email}`,
    );
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeTruthy();
  });

  it('links every category to its listing', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Catégories' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/shop/face', '/shop/body', '/shop/hair', '/shop/pack', '/shop/all']);
  });
});
