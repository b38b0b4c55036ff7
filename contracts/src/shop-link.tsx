import { Link, NavLink, useNavigate, type LinkProps, type NavigateOptions, type NavLinkProps } from 'react-router-dom';
import type { ShopHref } from './routes';

/**
 * The shop's links: react-router's own `Link`, `NavLink` and `navigate` (the shell's shared singleton, so a remote's
 * link uses the shell's router), typed by the route table, so a link to a page that does not exist fails `typecheck`.
 * Packages import these, never react-router's (a lint rule says so).
 */

export type ShopLinkProps = Omit<LinkProps, 'to'> & { to: ShopHref };
export type ShopNavLinkProps = Omit<NavLinkProps, 'to'> & { to: ShopHref };

export function ShopLink(props: ShopLinkProps) {
  return <Link {...props} />;
}

export function ShopNavLink(props: ShopNavLinkProps) {
  return <NavLink {...props} />;
}

export function useShopNavigate(): (to: ShopHref, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return (to, options) => {
    void navigate(to, options);
  };
}
