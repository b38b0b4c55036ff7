// Shown when a line has no image or its image fails to load; inline so it can never fail itself.
export const DEFAULT_PRODUCT_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" fill="#f7f1ee"/><path d="M20 18h16l-2 24H22z" fill="none" stroke="#8a4b5c" stroke-width="2"/></svg>',
  );
