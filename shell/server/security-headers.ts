import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { remoteOrigins } from './remotes-config-file';

/**
 * Helmet's hardening, with a Content-Security-Policy computed per request: scripts, styles and manifests
 * only from the shop's origin and the remotes' origins that remotes.json names right now (so a version
 * switch to another host needs no restart).
 */
export function securityHeaders(config: () => RemotesConfig): Middleware {
  const remotes = (_req: unknown, _res: ServerResponse) => remoteOrigins(config()).join(' ');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", remotes],
        // react-toastify injects its stylesheet as a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'", remotes],
        connectSrc: ["'self'", remotes],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Remote chunks are plain cross-origin <script>s; COEP would demand CORP headers from every remote host.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
}
