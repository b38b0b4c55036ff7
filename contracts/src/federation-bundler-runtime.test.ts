import { describe, expect, it } from 'vitest';
import { BUNDLER_RUNTIME_GLOBAL, federationFromShell, provideBundlerRuntime } from './federation-bundler-runtime';

describe("a remote entry's federation object from the shell", () => {
  it("is a new one from the shell's provider, when the versions match", () => {
    const page = {};
    let made = 0;
    provideBundlerRuntime({ version: '2.9.2', forContainer: () => ({ made: ++made }) }, page);
    expect(page).toHaveProperty(BUNDLER_RUNTIME_GLOBAL);
    expect(federationFromShell('mf_cart:1.0.0', '2.9.2', page)).toEqual({ made: 1 });
    expect(federationFromShell('mf_frame:1.0.0', '2.9.2', page)).toEqual({ made: 2 });
  });

  it('fails with both versions named when the remote was built for another', () => {
    const page = {};
    provideBundlerRuntime({ version: '2.9.2', forContainer: () => ({}) }, page);
    expect(() => federationFromShell('mf_cart:1.0.1', '2.10.0', page)).toThrow('mf_cart:1.0.1: built for the federation bundler runtime 2.10.0, the shell provides 2.9.2');
  });

  it('fails outside the shop’s shell', () => {
    expect(() => federationFromShell('mf_cart:1.0.0', '2.9.2', {})).toThrow(/mf_cart:1.0.0: no federation bundler runtime on this page/);
  });
});
