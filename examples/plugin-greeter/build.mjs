// Builds the plugin for publishing: the manifest and the lazily imported body as
// separate files, with portico, react and valibot left to the app (peer dependencies).
import * as esbuild from 'esbuild'

await esbuild.build({
  entryPoints: ['src/index.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  packages: 'external',
  logLevel: 'warning',
})
