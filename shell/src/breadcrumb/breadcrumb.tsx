import { useLocation } from 'react-router-dom';
import { ShopLink } from '@shop/contracts/shop-link';
import { crumbsFor } from '../../shared/crumbs';
import { useProductName } from './use-product-name';
import { useText } from '../messages/messages';
import styles from './breadcrumb.module.css';

export function Breadcrumb() {
  const { pathname } = useLocation();
  const { t, locale } = useText();
  const crumbs = crumbsFor(pathname, useProductName(pathname, locale), locale);
  return (
    <nav aria-label={t('breadcrumb.name')} className={styles.breadcrumb}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            {crumb.to ? (
              <ShopLink to={crumb.to}>{crumb.label}</ShopLink>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
