import { context, SpanStatusCode, trace, type Context, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';

/**
 * The shop's own spans and attributes (decision 035), named once: the processes that make them and the tests that
 * read them agree here. With tracing off, the tracer is OpenTelemetry's no-op and a span costs a function call.
 */

export const SHOP_SPANS = {
  /** The shell waiting for a renderer's page (queue, channel and render). */
  pageRender: 'page render',
  /** A renderer rendering one page, child of the shell's `page render` across the channel. */
  rendererRender: 'renderer render',
  /** One part of a page in a renderer: `part catalog/ProductList`. */
  part: (module: string) => `part ${module}`,
  /** A form the browser posted itself (decision 026): `form cart-add`. */
  formPost: (action: string) => `form ${action}`,
  /** An operator's switch of a remote's release, a rollback, or a canary started or ended. */
  releaseSwitch: 'release switch',
  /** The canary watch deciding to promote, roll back or wait. */
  canaryDecision: 'canary decision',
  /** A SQL transaction of cart-service's one SQL client; each statement inside is a span named by its operation. */
  sqlTransaction: 'sql transaction',
} as const;

export const SHOP_ATTRIBUTES = {
  /** The route pattern of a page (`/shop/product/:slug`), never the path with its values. */
  pageRoute: 'shop.page.route',
  remoteName: 'shop.remote.name',
  remoteVersion: 'shop.remote.version',
  /** The exposed module a part renders (`catalog/ProductList`). */
  partModule: 'shop.part.module',
  /** From the renderer reaching the part to its last read answered, in milliseconds. */
  partRenderMs: 'shop.part.render_ms',
  /** The part was still waiting when the render deadline passed: the browser renders it. */
  partDeadlineMissed: 'shop.part.deadline_missed',
  /** The renderer could not load the part's module: the page has its French fallback. */
  partFallback: 'shop.part.fallback',
  /** The render deadline in force, in milliseconds. */
  renderDeadlineMs: 'shop.render.deadline_ms',
  /** The page was another request's render, shared (renderer.ts): its renderer spans are in that request's trace. */
  renderShared: 'shop.render.shared',
  /** Where the page was rendered: `server`, or `browser` when no renderer answered in time. */
  renderedBy: 'shop.render.by',
  /** Remotes whose parts the server could not render (fallbacks), comma-separated. */
  failedRemotes: 'shop.render.failed_remotes',
  formAction: 'shop.form.action',
  formOutcome: 'shop.form.outcome',
  /** What a change of the live releases changes: `mf_cart 1.0.0 → 1.0.1`, `canary mf_cart 1.1.0 (10 %)`, `canary ended`. */
  releaseChanges: 'shop.release.changes',
  /** The revision a change committed. */
  releaseRevision: 'shop.release.revision',
  /** What the canary watch decided: `continue` or `abort`, with the cause of an abort (`files`, `server`, `browsers`). */
  canaryDecision: 'shop.canary.decision',
  canaryReason: 'shop.canary.reason',
  /** The figures it decided on: page views of each release in browsers, and how many failed. */
  canaryCandidateViews: 'shop.canary.candidate_views',
  canaryCandidateFailed: 'shop.canary.candidate_failed',
  canaryLiveViews: 'shop.canary.live_views',
  canaryLiveFailed: 'shop.canary.live_failed',
  /** Which client ran a SQL statement: `pglite` (embedded) or `pg` (a PostgreSQL server, maybe through PgBouncer). */
  sqlClient: 'shop.sql.client',
} as const;

export const shopTracer = (component: string): Tracer => trace.getTracer(`shop.${component}`);

/**
 * Runs `work` in a span of its own (the active one inside, the child of `parent`, by default the active context),
 * ended when `work` settles; an error marks it failed with the error's class, never its message (a message may quote
 * what a shopper typed).
 */
export function inSpan<T>(
  tracer: Tracer,
  name: string,
  { parent = context.active(), ...options }: SpanOptions & { parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}
