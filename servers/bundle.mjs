// Plain ESM (Node 20 does not run TypeScript); types in bundle.d.mts.
// Bundles a TypeScript server entry into one ESM file for Node, packages left external (they
// are in node_modules). Modules find their files (migrations, the frame page's sources) from
// import.meta.url: each bundled module keeps its own source file's URL instead of the bundle's.
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'

const keepSourceUrls = {
  name: 'keep-source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' }
    })
  },
}

/**
 * @example
 * await bundleServer({ entry: 'servers/frame/main.ts', outfile: '.cache/frame-server/main.mjs' })
 */
export async function bundleServer({ entry, outfile }) {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [keepSourceUrls],
    logLevel: 'warning',
  })
}
