import { getInstance, init } from '@module-federation/runtime';
import federation from '@module-federation/webpack-bundler-runtime';
import { describe, expect, it } from 'vitest';
import { forContainer } from './bundler-runtime-for-remotes';

describe("the shell's bundler runtime for the remotes' containers", () => {
  it('gives each container its own federation object around the same functions', () => {
    const cart = forContainer();
    const frame = forContainer();
    expect(cart).not.toBe(frame);
    expect(cart.bundlerRuntimeOptions).not.toBe(frame.bundlerRuntimeOptions);
    expect(cart.bundlerRuntime).not.toBe(frame.bundlerRuntime);
    expect(cart.bundlerRuntime!.S).not.toBe(frame.bundlerRuntime!.S);
    expect(cart.bundlerRuntime!.S).not.toBe(federation.bundlerRuntime!.S);
    expect(cart.bundlerRuntime!.consumes).toBe(federation.bundlerRuntime!.consumes);
    expect([cart.instance, cart.initOptions]).toEqual([undefined, undefined]);
    // A container that exposes modules needs it, whatever the shell's own build left out.
    expect(typeof cart.bundlerRuntime!.initContainerEntry).toBe('function');
  });

  it("makes a container's instance without taking the page's place", () => {
    const shell = init({ name: 'shell', remotes: [] });
    const runtime = forContainer().runtime!;
    const cart = runtime.init({ name: 'mf_cart', remotes: [] });
    expect(cart).not.toBe(shell);
    expect(cart.options.name).toBe('mf_cart');
    expect(getInstance()).toBe(shell);
    // The same container's entry run again finds its instance.
    expect(forContainer().runtime!.init({ name: 'mf_cart', remotes: [] })).toBe(cart);
    expect(getInstance()).toBe(shell);
  });
});
