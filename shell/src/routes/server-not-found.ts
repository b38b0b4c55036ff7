import { createContext } from 'react';

/**
 * The path the server answered 404 for although the route table knows it (an unknown product slug): its page renders
 * the shell's 404 page, on the server and while the browser hydrates it.
 */
export const ServerNotFoundContext = createContext<string | null>(null);
