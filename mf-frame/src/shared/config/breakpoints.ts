/**
 * Below this width the main menu and category dropdown move into the mobile sidebar. CSS media queries cannot read
 * custom properties, so the `*.module.css` files repeat `75rem`.
 */
export const DESKTOP_MEDIA = '(min-width: 75rem)';
