import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Helmet's hardening headers. The Content-Security-Policy is not helmet's: it follows remotes.json and is written by
 * content-security-policy.ts, which can never fail a response.
 */
export function securityHeaders(): Middleware {
  return helmet({
    contentSecurityPolicy: false,
    // Remote chunks are plain cross-origin <script>s; COEP would demand CORP headers from every remote host.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
}
