import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  className?: string;
}

/** Every page's root: operators (and tests) see which remote and which release rendered it. */
export function PageRoot({ children, className }: Props) {
  return (
    <div data-remote="mf_catalog_pages" data-release={process.env.RELEASE_VERSION} className={className}>
      {children}
    </div>
  );
}
