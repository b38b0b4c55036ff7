/**
 * The libraries that exist once on a page, provided by the shell and shared with every remote, with the version range
 * each side accepts: the browser build's shared list (tools/federation.ts) and the server's renderer workers
 * (shell/server/renderer-sandbox/) both take them from here.
 */
export const SHARED_LIBRARIES = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  'react-router-dom': '^7.0.0',
  swr: '^2.0.0',
  'react-toastify': '^11.0.0',
  // Each remote makes its own instances of it (contracts' part-messages): the library is shared, never an instance.
  '@lingui/core': '^5.0.0',
} as const;

export type SharedLibrary = keyof typeof SHARED_LIBRARIES;
