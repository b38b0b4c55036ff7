import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { isSafeOrigin } from '@shop/contracts/release-url';
import type { Logger } from '@shop/server-kit/remotes-config-file';
import { remoteOrigins } from '@shop/server-kit/remotes-config-file';

/**
 * The page's Content-Security-Policy: scripts, styles and manifests only from the shop's origin and from the remotes'
 * origins that remotes.json names right now (a version switch to another host needs no restart).
 * Throws when an origin is not one that may be written into the header as it is.
 */
export function contentSecurityPolicy(origins: readonly string[], inlineScripts: readonly string[] = []): string {
  const unsafe = origins.filter((origin) => !isSafeOrigin(origin));
  if (unsafe.length > 0) throw new Error(`origins not allowed in a policy: ${unsafe.map((o) => JSON.stringify(o)).join(', ')}`);
  const remotes = origins.join(' ');
  const sources = (...list: string[]) => list.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    // The shop's own inline scripts by their hash (render/page-html.ts): no other inline script runs.
    `script-src ${sources("'self'", ...inlineScripts.map(scriptHash), remotes)}`,
    // react-toastify injects its stylesheet as a <style> element.
    `style-src ${sources("'self'", "'unsafe-inline'", remotes)}`,
    `connect-src ${sources("'self'", remotes)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');
}

/**
 * Sets the policy on every answer, from the configuration that answer is served with (`config`: the live one, or a
 * release preview's for the browser holding its link, decision 030). A configuration's policy is computed once, not
 * per request, and computing it can never fail a response: a configuration whose policy cannot be built (which
 * validation should already have refused) is logged once and the last good policy stays.
 */
export function contentSecurityPolicyHeader(config: (ctx: Context) => RemotesConfig, log: Pick<Logger, 'error'>, inlineScripts: readonly string[] = []): Middleware {
  // Keyed by the configuration object: the live one is kept while it lasts, a preview's goes with its request.
  const policies = new WeakMap<RemotesConfig, string>();
  let lastGood = contentSecurityPolicy([], inlineScripts);
  const policyFor = (served: RemotesConfig): string => {
    let policy = policies.get(served);
    if (policy === undefined) {
      try {
        policy = lastGood = contentSecurityPolicy(remoteOrigins(served), inlineScripts);
      } catch (error) {
        log.error(`keeping the last good Content-Security-Policy: ${(error as Error).message}`);
        policy = lastGood;
      }
      policies.set(served, policy);
    }
    return policy;
  };
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', policyFor(config(ctx)));
    await next();
  };
}

/** A CSP source for one inline script: its SHA-256, as the browser computes it over the element's text. */
export const scriptHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
