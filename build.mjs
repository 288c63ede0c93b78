// Builds the library (dist/) and the demo app (dist/demo/) with esbuild.
// `node build.mjs` builds both; `node build.mjs --package` only what `npm pack` ships
// (its prepack script). Bench, e2e and `npm start` import the functions.
import { copyFile, cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { DEMO_ISLANDS, ISLANDS_DIR } from './demo/islands.mjs'
import { catalogueLoader } from './scripts/catalogues.mjs'

// Every path is taken from the repo root so the build does not depend on the caller's cwd.
export const ROOT = fileURLToPath(new URL('.', import.meta.url))

// The host app brings its own React (and Vue, for portico/vue); bundling it would ship two copies.
const FRAMEWORK_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'vue']

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
      args.kind === 'dynamic-import' && args.importer.includes(`${join('node_modules', 'viem')}`) ? { path: args.path, namespace: 'viem-lazy-only' } : undefined,
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
  plugins: [viemLazyOnly, catalogueLoader],
}

/**
 * The package's entry points: each "exports" subpath of package.json and the source
 * it is built from. Adding an entry is one line here and one in package.json; a unit
 * test (test/package/) checks that the two agree and that the tarball has every file.
 */
export const PACKAGE_ENTRIES = {
  '.': 'entries/portico.ts',
  './react': 'entries/react.ts',
  './plugin': 'entries/plugin.ts',
  './ui': 'entries/ui.ts',
  './all': 'entries/all.ts',
  './eip155': 'plugins/namespaces/eip155/index.ts',
  './solana': 'plugins/namespaces/solana/index.ts',
  './bip122': 'plugins/namespaces/bip122/index.ts',
  './polkadot': 'plugins/namespaces/polkadot/index.ts',
  './walletconnect': 'plugins/walletconnect/index.ts',
  './receive': 'plugins/receive/index.ts',
  './send': 'plugins/send/index.ts',
  './swaps': 'plugins/swaps/index.ts',
  './onramp': 'plugins/onramp/index.ts',
  './portfolio': 'plugins/portfolio/index.ts',
  './history': 'plugins/history/index.ts',
  './names': 'plugins/names/index.ts',
  './email': 'entries/email.ts',
  './socials': 'entries/socials.ts',
  './siwx': 'entries/siwx.ts',
  './vue': 'entries/vue.ts',
  './svelte': 'entries/svelte.ts',
  './wagmi': 'entries/wagmi.ts',
}

/**
 * The entries for an integrator's Node backend, built for Node (packages external, no
 * splitting) beside the browser entries. Their database migrations ship in
 * dist/migrations/, where the built module looks for them (import.meta.url).
 */
export const SERVER_ENTRIES = {
  './siwx-server': 'servers/siwx/index.ts',
}

/** The name an export is built under in dist/, without extension: `.` is index, `./react` is react. */
export function outputName(subpath) {
  return subpath === '.' ? 'index' : subpath.slice('./'.length)
}

/** esbuild's entryPoints for the library: output name -> source. */
export function libraryEntryPoints(table = PACKAGE_ENTRIES) {
  const entries = {}
  for (const [subpath, file] of Object.entries(table)) {
    if (!existsSync(join(ROOT, file))) throw new Error(`build: ${file} (the "${subpath}" export) does not exist`)
    entries[outputName(subpath)] = file
  }
  return entries
}

/**
 * The hints that make an app's bundler leave an `import()` of a runtime URL alone (the
 * chunk retry in kernel/plugins/chunkRetry.ts): webpack warns "Critical dependency" on
 * one without a hint and Turbopack stops with "Can't resolve <dynamic>". The minifier
 * drops comments, so they are written into the built text, after minification.
 */
export const RUNTIME_IMPORT_HINT = '/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ '

/** Adds RUNTIME_IMPORT_HINT to every `import()` whose argument is not a string literal, in the built JS files. */
async function hintRuntimeImports(metafile) {
  const files = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'))
  await Promise.all(
    files.map(async (file) => {
      const path = resolve(ROOT, file)
      const code = await readFile(path, 'utf8')
      const hinted = code.replace(/(?<![\w$.])import\((?=[`\w$])/g, `import(${RUNTIME_IMPORT_HINT}`)
      if (hinted !== code) await writeFile(path, hinted)
    }),
  )
}

async function writeMeta(outdir, metafile) {
  await mkdir(resolve(ROOT, outdir), { recursive: true })
  await writeFile(resolve(ROOT, outdir, 'meta.json'), JSON.stringify(metafile, null, 2))
}

/** Chunk names carry content hashes, so stale ones would pile up and mislead the bench. */
async function clean(outdir, parts) {
  await Promise.all(parts.map((part) => rm(resolve(ROOT, outdir, part), { recursive: true, force: true })))
}

/**
 * The library: one ESM file per package entry, and chunks that load on demand.
 * - `dependencies: 'external'` is the package as published: the dist imports viem,
 *   React and the rest by name, so an app that has them already does not ship two copies
 *   and its own bundler splits them. `node build.mjs` and `npm run pack` build this.
 * - `'bundled'` (the default) copies every dependency but React in, as an app's build
 *   would: what the bench and the size tests measure is what an app ships.
 */
export async function buildLibrary({ outdir = 'dist', dependencies = 'bundled' } = {}) {
  if (dependencies !== 'bundled' && dependencies !== 'external') throw new Error(`build: unknown dependencies mode ${dependencies}`)
  const entryPoints = libraryEntryPoints()
  // `dist/demo` lives inside the library's outdir; only the library's own outputs go: the
  // top-level files (an entry dropped from the table leaves none behind) and the chunks.
  const topLevel = existsSync(resolve(ROOT, outdir)) ? await readdir(resolve(ROOT, outdir), { withFileTypes: true }) : []
  await clean(outdir, ['chunks', ...topLevel.filter((entry) => entry.isFile()).map((entry) => entry.name)])
  // Bundled is the library as an app's production build has it: its bundler sets NODE_ENV
  // (@lingui/core reads it); the published dist leaves that to the app's bundler.
  const external = dependencies === 'external' ? { packages: 'external' } : { external: FRAMEWORK_EXTERNALS, define: { 'process.env.NODE_ENV': '"production"' } }
  const result = await esbuild.build({ ...BUILD_OPTIONS, entryPoints, outdir, ...external })
  await hintRuntimeImports(result.metafile)
  await writeMeta(outdir, result.metafile)
  return result.metafile
}

/** The Node entries (SERVER_ENTRIES) and the migrations their database layer applies at open. */
async function buildServerEntries(outdir) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: libraryEntryPoints(SERVER_ENTRIES),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  await rm(resolve(ROOT, outdir, 'migrations'), { recursive: true, force: true })
  await cp(join(ROOT, 'servers/db/migrations'), resolve(ROOT, outdir, 'migrations'), { recursive: true })
}

/** What `npm pack` ships: the library with its dependencies external, the Node entries, and one bundled declaration file per entry. */
export async function buildPackage({ outdir = 'dist' } = {}) {
  // Loaded here, not at the top: it brings TypeScript and Rollup (~1 s quiet, ~4 s on a busy
  // machine), which every test file that imports this module for ROOT or buildDemo would pay.
  const { buildDeclarations } = await import('./scripts/declarations.mjs')
  const metafile = await buildLibrary({ outdir, dependencies: 'external' })
  await buildServerEntries(outdir)
  await buildDeclarations({ root: ROOT, entries: libraryEntryPoints(), outdir })
  // Node's own types for these: an integrator's backend has @types/node.
  await buildDeclarations({ root: ROOT, entries: libraryEntryPoints(SERVER_ENTRIES), outdir, types: ['node'] })
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
    const packageOnly = process.argv.includes('--package')
    await buildPackage()
    if (!packageOnly) await buildDemo()
    console.log(`build: ${packageOnly ? 'dist/' : 'dist/ and dist/demo/'} in ${Math.round(performance.now() - started)} ms`)
  } catch (error) {
    // esbuild has already printed its errors with source locations; its stack adds nothing.
    if (!error.errors) console.error(error)
    process.exitCode = 1
  }
}
