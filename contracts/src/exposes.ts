import type { ComponentType, ReactNode } from 'react';
import type { Category } from './products';

/** `mf_frame/Header`: announcement bar, header, mobile menu. The shell fills `cartSlot` with `mf_cart/CartDropdown`. */
export interface HeaderProps {
  cartSlot: ReactNode;
  /** `alt` is the /index2 variant. */
  variant?: 'default' | 'alt';
}

/** `mf_frame/Footer`. */
export interface FooterProps {
  variant?: 'default' | 'alt';
}

/** `mf_cart/CartDropdown`: the cart button, its badge and its dropdown. */
export interface CartDropdownProps {
  /** Base URL of the API and images; same origin ('') behind the shell's proxy. */
  apiBase?: string;
}

/** `mf_catalog_pages/CategoryPage`. */
export interface CategoryPageProps {
  /** `all` lists every category. */
  category: Category | 'all';
  apiBase?: string;
}

/** `mf_catalog_pages/CheckoutPage`. */
export interface CheckoutPageProps {
  apiBase?: string;
}

/** `mf_catalog_pages/HomePage`. */
export interface HomePageProps {
  apiBase?: string;
}

/** What each exposed module's default export is, keyed by its federation id. */
export interface ExposedModules {
  'mf_frame/Header': { default: ComponentType<HeaderProps> };
  'mf_frame/Footer': { default: ComponentType<FooterProps> };
  'mf_cart/CartDropdown': { default: ComponentType<CartDropdownProps> };
  'mf_catalog_pages/CategoryPage': { default: ComponentType<CategoryPageProps> };
  'mf_catalog_pages/CheckoutPage': { default: ComponentType<CheckoutPageProps> };
  'mf_catalog_pages/HomePage': { default: ComponentType<HomePageProps> };
}

export type ExposedModuleId = keyof ExposedModules;
