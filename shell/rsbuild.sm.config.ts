import { mergeRsbuildConfig } from '@rsbuild/core';
import base from './rsbuild.config';
export default mergeRsbuildConfig(base, { output: { sourceMap: { js: 'source-map' }, distPath: { root: 'dist-sm' }, cleanDistPath: true }, environments: { web: { output: { distPath: { root: 'dist-sm' } } } } });
