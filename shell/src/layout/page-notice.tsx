import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageContext } from '@shop/contracts/form-post';
import styles from './layout.module.css';

/**
 * The notice a form post left for this page (decision 026): « … a été ajouté au panier. », « Quantity updated! », an
 * order refused… The no-JavaScript equivalent of the toasts; it belongs to the page it was rendered with and goes as
 * soon as the shopper moves on.
 */
export function PageNotice() {
  const notice = usePageContext()?.notice;
  const { pathname, search } = useLocation();
  const [renderedAt] = useState(`${pathname}${search}`);
  if (!notice || renderedAt !== `${pathname}${search}`) return null;
  return (
    <p role={notice.kind === 'error' ? 'alert' : 'status'} className={notice.kind === 'error' ? styles.noticeError : styles.notice} data-page-notice={notice.kind}>
      {notice.text}
    </p>
  );
}
