import { rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const HERE = dirname(fileURLToPath(import.meta.url))
/** Where the frame server serves the page's script from. */
export const FRAME_PAGE_DIST = join(HERE, 'dist')

/**
 * Bundles the frame page (frame.ts and what it imports) into `outdir`: frame.js,
 * frame.css, and chunks loaded on first use (@solana/web3.js for Solana transactions).
 */
export async function buildFramePage({ outdir = FRAME_PAGE_DIST }: { outdir?: string } = {}): Promise<esbuild.Metafile> {
  // Chunk names carry hashes: an earlier build's would stay beside the new ones.
  await rm(outdir, { recursive: true, force: true })
  const result = await esbuild.build({
    absWorkingDir: resolve(HERE, '../../..'),
    entryPoints: { frame: join(HERE, 'frame.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    metafile: true,
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  return result.metafile
}
