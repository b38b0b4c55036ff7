import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { mobilePanelGeometry, MOBILE_MAX_WIDTH } from './panel-position';
import type { PanelGeometry } from './panel-position';

/**
 * On screens 768 px wide or less the panel is fixed under the button and follows it on resize and
 * scroll; on wider screens it returns null and CSS anchors the dropdown to the button.
 */
export function usePanelPosition(open: boolean, button: RefObject<HTMLElement | null>): PanelGeometry | null {
  const [geometry, setGeometry] = useState<PanelGeometry | null>(null);

  useLayoutEffect(() => {
    if (!open) return;
    const mobile = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
    const place = () => {
      const node = button.current;
      const rect = node?.getBoundingClientRect();
      // Right to left (Arabic) the panel mirrors: the button's edges measured from the viewport's right edge, so
      // geometry.left is the panel's inline-start offset, which is how cart-dropdown.tsx sets it.
      const edges = node && rect && getComputedStyle(node).direction === 'rtl' ? { bottom: rect.bottom, right: window.innerWidth - rect.left } : rect;
      setGeometry(mobile.matches && edges ? mobilePanelGeometry(edges, window.innerWidth, window.innerHeight) : null);
    };
    place();
    window.addEventListener('resize', place);
    // Capture: scrolling any ancestor moves the button too.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    mobile.addEventListener('change', place);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
      mobile.removeEventListener('change', place);
    };
  }, [open, button]);

  return open ? geometry : null;
}
