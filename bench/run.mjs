// `npm run bench`: bundle bytes (gzip -9) per entry and per lazy chunk, and open latency
// (pointerdown -> visible dialog, pointerdown -> usable view; first and warm) and heap in
// Chromium; the secure frame's page bytes and Continue -> login mail (bench/emailLogin.mjs);
// the Blockchain API indexer's blocks per second on Hardhat (bench/indexer.mjs); the servers
// under load (bench/servers.mjs): rps, p50/p99 and memory per route, PGlite and PostgreSQL;
// each example app as a browser loads it, with and without Portico (bench/exampleLoads.mjs),
// and `portico/wagmi`'s own weight. Figures to compare over time, not pass/fail checks.
// `npm run bench -- servers [scenario...]` runs the servers step alone, and
// `npm run bench -- examples [app...]` the examples step; each puts its figures into
// latest.json, the other keys kept.
//
// It builds into dist/bench/ (library and demo), not dist/ and dist/demo/: a build
// empties its outdir first, and a browser test or `npm start` serving dist/demo at the
// same time would lose its files.
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { BUILD_OPTIONS, ROOT, buildDemo, buildLibrary } from '../build.mjs'
import { measureEmailLogin } from './emailLogin.mjs'
import { EXAMPLE_APPS, measureExampleLoads } from './exampleLoads.mjs'
import { measureIndexer } from './indexer.mjs'
import { measureOpen } from './openLatency.mjs'
import { benchServersAlone, measureServers, mostlyFailed, printServers } from './servers.mjs'

const REACT_PACKAGES = ['react', 'react-dom', 'scheduler']
const REACT_INPUT = /(^|\/)node_modules\/(react|react-dom|scheduler)\//
const OUT = { library: 'dist/bench/lib', demo: 'dist/bench/demo', demoWithoutReact: 'dist/bench/demo-without-react' }
/** The demo's initial JS closure (gzip) that the modal issue allows, React excluded. */
const INITIAL_BUDGET_WITHOUT_REACT = 25 * 1024

// ---- bundle sizes -------------------------------------------------------------------

const gzipCache = new Map()
function gzipBytes(outputPath) {
  if (!gzipCache.has(outputPath)) {
    gzipCache.set(outputPath, gzipSync(readFileSync(join(ROOT, outputPath)), { level: 9 }).length)
  }
  return gzipCache.get(outputPath)
}

function importsOf(meta, outputPath, kind) {
  return (meta.outputs[outputPath]?.imports ?? []).filter((i) => i.kind === kind && !i.external).map((i) => i.path)
}

/** The output plus everything it statically imports, transitively. */
function staticClosure(meta, outputPath) {
  const seen = new Set()
  const queue = [outputPath]
  while (queue.length > 0) {
    const next = queue.pop()
    if (seen.has(next) || !meta.outputs[next]) continue
    seen.add(next)
    queue.push(...importsOf(meta, next, 'import-statement'))
  }
  return seen
}

// An estimate: gzip does not compress each input alike, so react's share of a file's raw
// bytesInOutput is applied to the file's gzip size as if it did.
function reactGzipEstimate(meta, outputPath) {
  const inputs = Object.entries(meta.outputs[outputPath].inputs)
  const total = inputs.reduce((sum, [, i]) => sum + i.bytesInOutput, 0)
  const react = inputs.filter(([path]) => REACT_INPUT.test(path)).reduce((sum, [, i]) => sum + i.bytesInOutput, 0)
  return total === 0 ? 0 : (gzipBytes(outputPath) * react) / total
}

function sumGzip(files) {
  return [...files].reduce((sum, file) => sum + gzipBytes(file), 0)
}

/**
 * Names a lazy chunk by what it holds. Every import() target is an entry point of
 * the build: a plugin body is named by its plugin folder (plugins/receive,
 * plugins/namespaces/eip155), the modal chunk (shell/modal/modalChunk.ts) as
 * shell/modal, anything else by its source file (kernel/connection/actions.ts,
 * plugins/namespaces/solana/rpc.ts).
 */
function chunkName(meta, outputPath) {
  const output = meta.outputs[outputPath]
  const source = output.entryPoint ?? Object.entries(output.inputs).sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)[0]?.[0] ?? outputPath
  // A plugin's body by its folder; any other lazily loaded file of a plugin by its path.
  const body = source.match(/^(plugins\/(namespaces\/)?[^/]+)\/body\.tsx?$/)
  if (body) return body[1]
  if (source === 'shell/modal/modalChunk.ts') return 'shell/modal'
  const stub = source.match(/^viem-lazy-only:(.*)$/)
  if (stub) return `viem stub ${stub[1].split('/').pop()}`
  const pkg = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/)
  return pkg ? pkg[1] : source
}

/** Every chunk reachable through import() from the initial closure, with what it adds. */
function lazyChunks(meta, initial) {
  const found = new Map()
  const queue = [...initial].flatMap((file) => importsOf(meta, file, 'dynamic-import'))
  while (queue.length > 0) {
    const chunk = queue.pop()
    if (found.has(chunk) || initial.has(chunk) || !meta.outputs[chunk]) continue
    const closure = staticClosure(meta, chunk)
    const added = [...closure].filter((file) => !initial.has(file))
    found.set(chunk, { name: chunkName(meta, chunk), file: chunk, gzip: gzipBytes(chunk), addedGzip: sumGzip(added) })
    for (const file of closure) queue.push(...importsOf(meta, file, 'dynamic-import'))
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name))
}

function mainOf(meta) {
  const main = Object.keys(meta.outputs).find((file) => file.endsWith('/assets/main.js'))
  if (!main) throw new Error('bench: the demo build has no assets/main.js')
  return main
}

/**
 * The demo's initial closure once more, from a build that leaves react, react-dom
 * and scheduler out (external), so "without React" is measured rather than estimated.
 * Same entry and options as build.mjs's demo build.
 */
async function initialWithoutReact() {
  const outdir = `${OUT.demoWithoutReact}/assets`
  await rm(join(ROOT, OUT.demoWithoutReact), { recursive: true, force: true })
  const { metafile } = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: { main: 'demo/main.tsx' },
    outdir,
    define: { 'process.env.NODE_ENV': '"production"' },
    external: REACT_PACKAGES.flatMap((name) => [name, `${name}/*`]),
  })
  const initial = staticClosure(metafile, mainOf(metafile))
  const leaked = [...initial].flatMap((file) => Object.keys(metafile.outputs[file].inputs)).filter((input) => REACT_INPUT.test(input))
  if (leaked.length > 0) throw new Error(`bench: React is still bundled in the React-external build: ${leaked[0]}`)
  // The demo app's own code (panels, dev wallet announcer) is not Portico: its share
  // of each file is estimated by input bytes, like the React estimate above.
  const demoShare = [...initial].reduce((sum, file) => {
    const inputs = Object.entries(metafile.outputs[file].inputs)
    const total = inputs.reduce((bytes, [, input]) => bytes + input.bytesInOutput, 0)
    const demo = inputs.filter(([path]) => path.startsWith('demo/')).reduce((bytes, [, input]) => bytes + input.bytesInOutput, 0)
    return total === 0 ? sum : sum + (gzipBytes(file) * demo) / total
  }, 0)
  return { files: initial.size, gzip: sumGzip(initial), porticoGzip: Math.round(sumGzip(initial) - demoShare) }
}

async function demoSizes(meta) {
  const initial = staticClosure(meta, mainOf(meta))
  const initialGzip = sumGzip(initial)
  const reactGzip = [...initial].reduce((sum, file) => sum + reactGzipEstimate(meta, file), 0)
  const withoutReact = await initialWithoutReact()
  const allJs = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'))
  return {
    initial: {
      files: initial.size,
      gzip: initialGzip,
      gzipWithoutReact: withoutReact.gzip,
      porticoGzipWithoutReact: withoutReact.porticoGzip,
      gzipWithoutReactBudget: INITIAL_BUDGET_WITHOUT_REACT,
      // The old figure, kept to compare: React's share of each file's raw bytes applied to its gzip size.
      gzipWithoutReactEstimate: Math.round(initialGzip - reactGzip),
    },
    lazy: lazyChunks(meta, initial),
    totalGzip: sumGzip(allJs),
  }
}

/**
 * Named entries (index, react, plugins/*; esbuild also marks import() targets as
 * entries, which live under chunks/), and the lazy chunks behind index + react.
 */
function librarySizes(meta, outdir) {
  const entryFiles = Object.keys(meta.outputs).filter((file) => file.endsWith('.js') && meta.outputs[file].entryPoint && !file.startsWith(`${outdir}/chunks/`))
  const indexClosure = staticClosure(meta, `${outdir}/index.js`)
  const entries = {}
  for (const file of entryFiles) {
    const closure = staticClosure(meta, file)
    entries[file.slice(outdir.length + 1, -'.js'.length)] = {
      file,
      gzip: gzipBytes(file),
      closureGzip: sumGzip(closure),
      // What importing it costs an app that already loaded the index entry.
      beyondIndexGzip: sumGzip([...closure].filter((f) => !indexClosure.has(f))),
    }
  }
  // What an app importing both `portico` and `portico/react` downloads later, on first use.
  const upFront = new Set([...indexClosure, ...staticClosure(meta, `${outdir}/react.js`)])
  const allJs = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'))
  return { entries, upFrontGzip: sumGzip(upFront), lazyFromEntries: lazyChunks(meta, upFront), totalGzip: sumGzip(allJs) }
}

// ---- report -------------------------------------------------------------------------

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`

function demoRows(demo) {
  if (typeof demo === 'string') return [['demo', demo, '']]
  return [
    ['demo initial closure', kb(demo.initial.gzip), `${demo.initial.files} file(s): assets/main.js + static imports, JS only`],
    [
      'demo initial without react',
      kb(demo.initial.gzipWithoutReact),
      `react, react-dom, scheduler external; budget ${kb(demo.initial.gzipWithoutReactBudget)}: ${
        demo.initial.gzipWithoutReact <= demo.initial.gzipWithoutReactBudget ? 'within' : 'OVER'
      } (ratio estimate ${kb(demo.initial.gzipWithoutReactEstimate)})`,
    ],
    [
      "  of which Portico's own",
      kb(demo.initial.porticoGzipWithoutReact),
      `kernel, shell, entries, plugin manifests; the demo app's own code left out (estimate by input bytes): ${
        demo.initial.porticoGzipWithoutReact <= demo.initial.gzipWithoutReactBudget ? 'within' : 'OVER'
      } budget`,
    ],
    ...demo.lazy.map((chunk) => [`demo lazy ${chunk.name}`, kb(chunk.gzip), `${chunk.file.split('/').pop()}, +${kb(chunk.addedGzip)} with its static imports`]),
    ['demo total (all js)', kb(demo.totalGzip), ''],
  ]
}

function libraryRows(library) {
  if (typeof library === 'string') return [['library', library, '']]
  const rows = Object.entries(library.entries).map(([name, entry]) => {
    const beyond = name === 'index' ? '' : `, +${kb(entry.beyondIndexGzip)} beyond index`
    return [`library ${name}.js`, kb(entry.closureGzip), `entry closure (file alone ${kb(entry.gzip)}${beyond})`]
  })
  if (rows.length === 0) rows.push(['library', 'n/a', 'no entries built yet'])
  else
    rows.push(['library index.js + react.js', kb(library.upFrontGzip), 'both entry closures together: what an app using portico and portico/react loads up front, React excluded'])
  for (const chunk of library.lazyFromEntries) {
    rows.push([`library lazy ${chunk.name}`, kb(chunk.gzip), `${chunk.file.split('/').pop()}, +${kb(chunk.addedGzip)} with its static imports`])
  }
  rows.push(['library total (all js)', kb(library.totalGzip), ''])
  return rows
}

function browserRows(browser, condition = '') {
  const when = condition ? `, ${condition}` : ''
  if (typeof browser.openLatencyMs !== 'number') {
    const rows = [[`open latency${when}`, browser.openLatencyMs, '']]
    if (browser.heapAfterLoadBytes) rows.push(['JS heap', kb(browser.heapAfterLoadBytes), 'usedJSHeapSize after load and GC (modal not opened)'])
    return rows
  }
  const { firstOpen, secondOpen, firstOpenUsable, secondOpenUsable } = browser
  const minMax = (figure) => `min/max ${figure.minMs}/${figure.maxMs} ms`
  const rows = [
    [`open -> visible, first (median)${when}`, `${firstOpen.medianMs} ms`, `${browser.runs} fresh page loads, pointerdown -> dialog[open] laid out; ${minMax(firstOpen)}`],
    [`open -> visible, second (median)${when}`, `${secondOpen.medianMs} ms`, `same page after Escape, warm; ${minMax(secondOpen)}`],
    [
      `open -> usable, first (median)${when}`,
      `${firstOpenUsable.medianMs} ms`,
      `pointerdown -> the view's first control focusable, incl. its code if not yet fetched; ${minMax(firstOpenUsable)}`,
    ],
    [`open -> usable, second (median)${when}`, `${secondOpenUsable.medianMs} ms`, `warm; ${minMax(secondOpenUsable)}`],
  ]
  rows.push([`JS heap after opening${when}`, kb(browser.heapAfterOpenBytes), 'usedJSHeapSize after the first open and a GC (median)'])
  return rows
}

// The examples/ apps' bytes, as the package test (test/package/examples.test.ts) last
// measured them on their Vite and esbuild builds: it installs them from the registry,
// which is too slow to repeat here.
const EXAMPLE_SIZES = join(ROOT, '.cache/example-sizes.json')
const readExampleSizes = () => (existsSync(EXAMPLE_SIZES) ? JSON.parse(readFileSync(EXAMPLE_SIZES, 'utf8')) : 'n/a (run the package tests: npm test)')

function exampleRows(examples) {
  if (typeof examples === 'string') return [['examples', examples, '']]
  return Object.entries(examples.apps).flatMap(([app, byBundler]) =>
    Object.entries(byBundler).map(([bundler, f]) => [
      `example ${app} (${bundler}) first screen`,
      kb(f.firstScreen),
      `without React ${kb(f.firstScreenWithoutReact)}, Portico's own ${kb(examples.porticoFirstScreen[app][bundler])}; total ${kb(f.total)}, without React ${kb(f.totalWithoutReact)} (package test of ${examples.date})`,
    ]),
  )
}

/** What the example apps load in Chromium, each against itself with Portico removed. */
function printExampleLoads(loads, wagmi) {
  const rows = [['example (gzip -9 JS)', 'first screen', 'without Portico', 'Portico adds', 'prefetch before click', 'note']]
  for (const [app, figures] of Object.entries(loads.apps)) {
    if (typeof figures === 'string') {
      rows.push([app, 'n/a', '', '', '', figures.slice(0, 80)])
      continue
    }
    const { withPortico: w, withoutPortico: o } = figures
    const note = [w.status, o.status].some((status) => status !== 200) ? `HTTP ${w.status} / ${o.status} without` : `${w.firstScreenFiles} + ${w.prefetchFiles} files`
    rows.push([app, kb(w.firstScreenGzip), kb(o.firstScreenGzip), kb(w.firstScreenGzip - o.firstScreenGzip), kb(w.prefetchGzip - o.prefetchGzip), note])
  }
  if (wagmi) rows.push(['portico/wagmi entry', kb(wagmi.closureGzip), '', kb(wagmi.beyondIndexGzip), '', 'its closure; Portico adds = beyond the portico entry'])
  console.log()
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)))
  for (const [i, row] of rows.entries()) {
    console.log(
      row
        .map((cell, col) => cell.padEnd(widths[col]))
        .join('  ')
        .trimEnd(),
    )
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

/** The examples step alone: its figures (per app) and portico/wagmi's into latest.json, the rest kept. */
async function benchExamplesAlone(apps) {
  const unknown = apps.filter((app) => !EXAMPLE_APPS.includes(app))
  if (unknown.length > 0) throw new Error(`bench: unknown example(s) ${unknown.join(', ')} (one of ${EXAMPLE_APPS.join(', ')})`)
  const library = await tryBuild('library', () => buildLibrary({ outdir: OUT.library }))
  const exampleLoads = await measureExampleLoads(apps.length > 0 ? { apps } : {})
  const wagmi = library.meta ? librarySizes(library.meta, OUT.library).entries.wagmi : undefined
  printExampleLoads(exampleLoads, wagmi)
  const path = join(ROOT, 'bench/results/latest.json')
  const latest = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}
  // The apps not run this time keep their last figures.
  const merged = { ...exampleLoads, apps: { ...latest.exampleLoads?.apps, ...exampleLoads.apps } }
  await writeJson(path, { ...latest, exampleLoads: merged, porticoWagmi: wagmi ?? library.failed })
  console.log('\nbench: wrote the examples figures into bench/results/latest.json')
  if (library.failed || Object.values(exampleLoads.apps).some((figures) => typeof figures === 'string')) process.exitCode = 1
}

function emailRows(email) {
  if (typeof email === 'string') return [['email login', email, '']]
  const { framePage: f, continueToMailMs: t } = email
  return [
    ['frame page first load', kb(f.firstLoadGzip), `the secure frame's frame.js (${kb(f.frameJsGzip)}) and its static imports; + ${kb(f.cssGzip)} css`],
    ['frame page on first use', kb(f.laterGzip), 'its lazy chunks (sending a transaction, Solana)'],
    [
      'Continue -> mail in the mailbox',
      `${t.medianMs} ms`,
      `${t.runs} new devices on the demo, click to the approval mail received by the SMTP sink; min/max ${t.minMs}/${t.maxMs} ms`,
    ],
  ]
}

function indexerRows(indexer) {
  if (typeof indexer === 'string') return [['indexer', indexer, '']]
  const note = (db) => `${db.blocks} Hardhat blocks of ${indexer.transfersPerBlock} transfers (2 native, 2 ERC20) from block 0 to the head in ${db.seconds} s`
  return [
    ['indexer catch-up, PGlite', `${indexer.pglite.blocksPerSecond} blocks/s`, note(indexer.pglite)],
    ['indexer catch-up, PostgreSQL', `${indexer.postgres.blocksPerSecond} blocks/s`, note(indexer.postgres)],
  ]
}

function printTable(results) {
  const rows = [
    ['figure (gzip -9)', 'value', 'note'],
    ...demoRows(results.demo),
    ...libraryRows(results.library),
    ...exampleRows(results.examples),
    ...browserRows(results.browser),
    ...browserRows(results.browserCrowded, 'with 1,000 wallets announced'),
    ...emailRows(results.emailLogin),
    ...indexerRows(results.indexer),
  ]
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)))
  for (const [i, row] of rows.entries()) {
    console.log(
      row
        .map((cell, col) => cell.padEnd(widths[col]))
        .join('  ')
        .trimEnd(),
    )
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

async function writeJson(path, data) {
  // Written beside and renamed so a reader never sees half a file.
  await writeFile(`${path}.tmp`, `${JSON.stringify(data, null, 2)}\n`)
  await rename(`${path}.tmp`, path)
}

/** Runs a build; a failure becomes a reported figure rather than losing the whole run. */
async function tryBuild(name, build) {
  try {
    return { meta: await build() }
  } catch (error) {
    const detail = error.errors ? 'see the esbuild errors above' : error.message
    console.error(`bench: ${name} build failed: ${detail}`)
    return { failed: `n/a (${name} build failed)` }
  }
}

async function main() {
  const library = await tryBuild('library', () => buildLibrary({ outdir: OUT.library }))
  const demo = await tryBuild('demo', () => buildDemo({ outdir: OUT.demo }))
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    demo: demo.meta ? await demoSizes(demo.meta) : demo.failed,
    library: library.meta ? librarySizes(library.meta, OUT.library) : library.failed,
    examples: readExampleSizes(),
    browser: demo.meta ? await measureOpen(join(ROOT, OUT.demo)) : { openLatencyMs: demo.failed },
    // Any page can announce wallets; the Connect view must stay a bounded list and open as fast.
    browserCrowded: demo.meta ? await measureOpen(join(ROOT, OUT.demo), { announced: 1_000 }) : { openLatencyMs: demo.failed },
  }
  results.emailLogin = demo.meta ? await measureEmailLogin({ demoRoot: join(ROOT, OUT.demo) }).catch((error) => `n/a (${error.message})`) : demo.failed
  results.indexer = await measureIndexer().catch((error) => `n/a (${error.message})`)
  results.servers = await measureServers().catch((error) => `n/a (${error.message})`)
  results.exampleLoads = await measureExampleLoads()
  results.porticoWagmi = library.meta ? librarySizes(library.meta, OUT.library).entries.wagmi : library.failed
  printTable(results)
  printServers(results.servers)
  printExampleLoads(results.exampleLoads, typeof results.porticoWagmi === 'object' ? results.porticoWagmi : undefined)
  const dir = join(ROOT, 'bench/results')
  await mkdir(dir, { recursive: true })
  await writeJson(join(dir, 'latest.json'), results)
  await writeJson(join(dir, `${results.date.replace(/:/g, '-')}.json`), results)
  console.log(`\nbench: wrote bench/results/latest.json and bench/results/${results.date.replace(/:/g, '-')}.json`)
  if (library.failed || demo.failed || mostlyFailed(results.servers)) process.exitCode = 1
}

const [step, ...scenarios] = process.argv.slice(2)
if (step === 'servers') await benchServersAlone(scenarios)
else if (step === 'examples') await benchExamplesAlone(scenarios)
else if (step !== undefined) throw new Error(`bench: unknown step "${step}" (npm run bench, npm run bench -- servers [scenario...], or npm run bench -- examples [app...])`)
else await main()
