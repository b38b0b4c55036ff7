/** Mobile breakpoint and panel limits from the spec (sections 4 and 9). */
export const MOBILE_MAX_WIDTH = 768;
export const PANEL_MAX_WIDTH = 360;
export const PANEL_VIEWPORT_WIDTH_RATIO = 0.92;
export const PANEL_VIEWPORT_HEIGHT_RATIO = 0.7;
const GAP = 8;

export interface PanelGeometry {
  top: number;
  left: number;
  width: number;
  maxHeight: number;
}

interface Rect {
  bottom: number;
  right: number;
}

/**
 * Where the fixed mobile panel goes: just under the cart button, its right edge aligned with the button's
 * where the viewport allows, at most 360 px or 92% of the viewport wide and 70% of its height.
 */
export function mobilePanelGeometry(button: Rect, viewportWidth: number, viewportHeight: number): PanelGeometry {
  const width = Math.min(PANEL_MAX_WIDTH, viewportWidth * PANEL_VIEWPORT_WIDTH_RATIO);
  const margin = Math.min(GAP, (viewportWidth - width) / 2);
  const left = Math.min(Math.max(margin, button.right - width), viewportWidth - width - margin);
  return {
    top: Math.max(0, button.bottom + GAP),
    left,
    width,
    maxHeight: viewportHeight * PANEL_VIEWPORT_HEIGHT_RATIO,
  };
}
