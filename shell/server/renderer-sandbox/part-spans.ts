import { context as contexts, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { remoteOf, type ExposedModuleId } from '@shop/contracts/exposes';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { SHOP_ATTRIBUTES, SHOP_SPANS } from '@shop/server-kit/tracing/shop-spans';
import type { PartClock } from '../../src/remotes/part-clock';

interface TimedPart {
  span: Span;
  context: Context;
  reachedAt: number;
  lastAnswerAt: number;
  reads: Set<Promise<unknown>>;
  pending: number;
}

/**
 * The spans of one page's parts (decision 035), children of the renderer's page span: each names its module, remote
 * and release, and lasts from the renderer reaching the part to the last read it waited on answering; the fetch of a
 * read is the child of the first part that asked for it. A part still waiting when the page is sent missed the
 * deadline (the browser renders it).
 */
export class PartSpans {
  readonly #parts = new Map<ExposedModuleId, TimedPart>();
  readonly #versions: Map<string, string>;
  /** Set once the page is sent: a part React still touches after that (an aborted render winding down) is not timed. */
  #ended = false;

  constructor(
    private readonly tracer: Tracer,
    private readonly parent: Context,
    config: RemotesConfig,
  ) {
    this.#versions = new Map(config.remotes.map(({ name, entry }) => [name, releaseVersionOf(entry)]));
  }

  readonly clock: PartClock = {
    reached: (id) => {
      if (!this.#ended) this.#part(id);
    },
    read: (id, start) => {
      if (this.#ended) return start();
      const part = this.#part(id);
      const promise = contexts.with(part.context, start);
      if (promise && !part.reads.has(promise)) {
        part.reads.add(promise);
        part.pending += 1;
        const answered = () => {
          part.pending -= 1;
          part.lastAnswerAt = performance.now();
        };
        promise.then(answered, answered);
      }
      return promise;
    },
  };

  #part(id: ExposedModuleId): TimedPart {
    let part = this.#parts.get(id);
    if (!part) {
      const remote = remoteOf(id);
      const span = this.tracer.startSpan(
        SHOP_SPANS.part(id),
        {
          attributes: {
            [SHOP_ATTRIBUTES.partModule]: id,
            [SHOP_ATTRIBUTES.remoteName]: remote,
            [SHOP_ATTRIBUTES.remoteVersion]: this.#versions.get(remote) ?? 'unknown',
          },
        },
        this.parent,
      );
      const now = performance.now();
      part = { span, context: trace.setSpan(this.parent, span), reachedAt: now, lastAnswerAt: now, reads: new Set(), pending: 0 };
      this.#parts.set(id, part);
    }
    return part;
  }

  /** Ends every part's span once the page is rendered, once; `fellBack`: modules the renderer could not load. */
  end(fellBack: readonly ExposedModuleId[]): void {
    const now = performance.now();
    this.#ended = true;
    const parts = [...this.#parts];
    this.#parts.clear();
    for (const [id, part] of parts) {
      const missed = part.pending > 0;
      const endAt = missed ? now : Math.max(part.reachedAt, part.lastAnswerAt);
      part.span.setAttributes({
        [SHOP_ATTRIBUTES.partRenderMs]: Math.round((endAt - part.reachedAt) * 10) / 10,
        [SHOP_ATTRIBUTES.partDeadlineMissed]: missed,
        [SHOP_ATTRIBUTES.partFallback]: fellBack.includes(id),
      });
      part.span.end(endAt);
    }
  }
}
