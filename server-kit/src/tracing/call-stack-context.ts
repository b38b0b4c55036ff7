import { ROOT_CONTEXT, type Context, type ContextManager } from '@opentelemetry/api';

/**
 * A context that follows synchronous calls only: `with` makes it active for the call, and nothing carries it across an
 * `await`. For a process whose code reads its context before its first await (a renderer: its page span, its parts'
 * reads), it spares every promise of the process the async hooks AsyncLocalStorage needs on Node 20 (decision 035).
 */
export class CallStackContextManager implements ContextManager {
  #current: Context = ROOT_CONTEXT;

  active(): Context {
    return this.#current;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    const previous = this.#current;
    this.#current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.#current = previous;
    }
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (thisArg: unknown, args: unknown[]) => this.with(context, target as (...a: unknown[]) => unknown, thisArg, ...args);
    return function (this: unknown, ...args: unknown[]) {
      return run(this, args);
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.#current = ROOT_CONTEXT;
    return this;
  }
}
