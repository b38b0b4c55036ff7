/**
 * What a remote's browser entry gets in place of `@module-federation/webpack-bundler-runtime` (decision 037): its own
 * federation object, made by the shell's copy of the runtime. Both names are written by the build: the federation
 * plugin's build identifier (`mf_cart:1.0.0`) and the runtime's version the remote was built with (tools/federation.ts).
 */
import { federationFromShell } from './federation-bundler-runtime';

declare const FEDERATION_BUILD_IDENTIFIER: string;
declare const FEDERATION_BUNDLER_RUNTIME_VERSION: string;

export default federationFromShell(FEDERATION_BUILD_IDENTIFIER, FEDERATION_BUNDLER_RUNTIME_VERSION);
