// Builds the library (dist/) and the demo app (dist/demo/) with esbuild.
// `node build.mjs` builds both; bench, e2e and `npm start` import the functions.
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { DEMO_ISLANDS, ISLANDS_DIR } from './demo/islands.mjs'

// Every path is taken from the repo root so the build does not depend on the caller's cwd.
export const ROOT = fileURLToPath(new URL('.', import.meta.url))

const LIBRARY_ENTRIES = { index: 'entries/portico.ts', react: 'entries/react.ts' }
// The host app brings its own React; bundling it would ship two copies.
const REACT_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']

/**
 * viem's barrel reaches three modules it only ever loads with `import()` (CCIP-read
 * in `call`, secp256k1 in `recoverPublicKey`, isows for WebSockets). With code
 * splitting, esbuild makes each a chunk and hoists everything they share with our
 * code into a chunk our plugin bodies import statically: about 25 kB gzip that no
 * Portico path runs (signing happens in the wallet, RPC is HTTP). They resolve to
 * a module that fails loudly, so a future caller finds out at once.
 */
const VIEM_LAZY_ONLY = /^(\.\.\/\.\.\/utils\/ccip\.js|@noble\/curves\/secp256k1|isows)$/
const viemLazyOnly = {
  name: 'viem-lazy-only',
  setup(build) {
    build.onResolve({ filter: VIEM_LAZY_ONLY }, (args) =>
      args.kind === 'dynamic-import' && args.importer.includes(`${join('node_modules', 'viem')}`)
        ? { path: args.path, namespace: 'viem-lazy-only' }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'viem-lazy-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`Portico's build leaves out viem's lazily loaded ${args.path}`)})`,
    }))
  },
}

/** The options every Portico build shares (library, demo, bench). */
export const BUILD_OPTIONS = {
  absWorkingDir: ROOT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  metafile: true,
  jsx: 'automatic',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [viemLazyOnly],
}

function findIndex(dir) {
  for (const file of ['index.ts', 'index.tsx']) {
    if (existsSync(join(ROOT, dir, file))) return `${dir}/${file}`
  }
  return undefined
}

function subfolders(dir) {
  if (!existsSync(join(ROOT, dir))) return []
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
}

/** `plugins/<name>/index.ts` and `plugins/namespaces/<name>/index.ts`, keyed by output name. */
export function pluginEntryPoints() {
  const entries = {}
  for (const dir of [...subfolders('plugins'), ...subfolders('plugins/namespaces')]) {
    const file = findIndex(dir)
    if (file) entries[dir] = file
  }
  return entries
}

function libraryEntryPoints() {
  const entries = {}
  for (const [name, file] of Object.entries(LIBRARY_ENTRIES)) {
    // The entries are written alongside this build; until they land, build what exists
    // rather than block the plugin and demo builds.
    if (existsSync(join(ROOT, file))) entries[name] = file
    else console.warn(`build: ${file} does not exist yet; skipping the "${name}" entry`)
  }
  return { ...entries, ...pluginEntryPoints() }
}

async function writeMeta(outdir, metafile) {
  await mkdir(resolve(ROOT, outdir), { recursive: true })
  await writeFile(resolve(ROOT, outdir, 'meta.json'), JSON.stringify(metafile, null, 2))
}

/** Chunk names carry content hashes, so stale ones would pile up and mislead the bench. */
async function clean(outdir, parts) {
  await Promise.all(parts.map((part) => rm(resolve(ROOT, outdir, part), { recursive: true, force: true })))
}

export async function buildLibrary({ outdir = 'dist' } = {}) {
  // `dist/demo` lives inside the library's outdir; only the library's own outputs go.
  await clean(outdir, ['chunks', 'plugins', 'index.js', 'react.js', 'meta.json'])
  const entryPoints = libraryEntryPoints()
  let metafile = { inputs: {}, outputs: {} }
  if (Object.keys(entryPoints).length > 0) {
    const result = await esbuild.build({ ...BUILD_OPTIONS, entryPoints, outdir, external: REACT_EXTERNALS })
    metafile = result.metafile
  }
  await writeMeta(outdir, metafile)
  return metafile
}

export async function buildDemo({ outdir = 'dist/demo' } = {}) {
  for (const file of ['demo/main.tsx', 'demo/index.html']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`build: ${file} is missing`)
  }
  await clean(outdir, ['.'])
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: { main: 'demo/main.tsx' },
    outdir: `${outdir}/assets`,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  // The demo's own dev tools, in a build of their own so they share no chunk with the kit
  // (demo/islands.mjs says why); the page loads them by URL from assets/islands/.
  const islands = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: DEMO_ISLANDS,
    outdir: `${outdir}/assets/${ISLANDS_DIR}`,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const metafile = {
    inputs: { ...islands.metafile.inputs, ...result.metafile.inputs },
    outputs: { ...result.metafile.outputs, ...islands.metafile.outputs },
  }
  await copyFile(join(ROOT, 'demo/index.html'), resolve(ROOT, outdir, 'index.html'))
  await writeMeta(outdir, metafile)
  return metafile
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  const started = performance.now()
  try {
    await buildLibrary()
    await buildDemo()
    console.log(`build: dist/ and dist/demo/ in ${Math.round(performance.now() - started)} ms`)
  } catch (error) {
    // esbuild has already printed its errors with source locations; its stack adds nothing.
    if (!error.errors) console.error(error)
    process.exitCode = 1
  }
}
