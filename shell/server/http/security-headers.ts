import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/** Set on every answer; a page shared at the edge goes without it (render/shared-pages.ts, decision 048). */
export const OPENER_POLICY_HEADER = 'Cross-Origin-Opener-Policy';

/**
 * Helmet's hardening headers. The Content-Security-Policy is not helmet's: it follows remotes.json and is written by
 * content-security-policy.ts, which can never fail a response.
 */
export function securityHeaders(): Middleware {
  return helmet({
    contentSecurityPolicy: false,
    // Remote chunks are plain cross-origin <script>s; COEP would demand CORP headers from every remote host.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
}
