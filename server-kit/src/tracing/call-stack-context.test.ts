import { createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { CallStackContextManager } from './call-stack-context';

const key = createContextKey('page');
const page = ROOT_CONTEXT.setValue(key, '/shop/face');

describe('CallStackContextManager', () => {
  it('makes a context active for a call and gives the previous one back, even when the call throws', () => {
    const manager = new CallStackContextManager();
    expect(manager.with(page, () => manager.active().getValue(key))).toBe('/shop/face');
    expect(() => manager.with(page, () => {
      throw new Error('raté');
    })).toThrow('raté');
    expect(manager.active()).toBe(ROOT_CONTEXT);
  });

  it('does not carry it across an await: a renderer reads its context before its first', async () => {
    const manager = new CallStackContextManager();
    const seen = await manager.with(page, async () => {
      const before = manager.active().getValue(key);
      await Promise.resolve();
      return [before, manager.active().getValue(key)];
    });
    expect(seen).toEqual(['/shop/face', undefined]);
  });

  it('binds a function to a context, with its own `this`', () => {
    const manager = new CallStackContextManager();
    const bound = manager.bind(page, function (this: { name: string }) {
      return `${this.name} ${String(manager.active().getValue(key))}`;
    });
    expect(bound.call({ name: 'part' })).toBe('part /shop/face');
  });
});
