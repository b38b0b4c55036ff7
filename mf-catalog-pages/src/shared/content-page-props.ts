/** What the content dispatcher (exposes/content-page.tsx) gives each content page. */
export interface ContentProps {
  apiBase: string;
}
