// `npm run bench`: bundle bytes (gzip -9) per entry and per lazy chunk, and open latency
// and heap in Chromium. Figures to compare over time, not pass/fail checks.
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { ROOT, buildDemo, buildLibrary } from '../build.mjs'
import { startDemoServer } from '../demo/server.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'

const RUNS = 25
const OPEN_BUTTON = '[data-testid="open-modal"]'
const REACT_INPUT = /(^|\/)node_modules\/(react|react-dom|scheduler)\//

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

/** Names a chunk by the plugin (or other source folder) its largest input comes from. */
function chunkName(meta, outputPath) {
  const output = meta.outputs[outputPath]
  const main =
    output.entryPoint ?? Object.entries(output.inputs).sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)[0]?.[0] ?? outputPath
  const plugin = main.match(/^plugins\/(namespaces\/)?[^/]+/)
  if (plugin) return plugin[0]
  const pkg = main.match(/node_modules\/((@[^/]+\/)?[^/]+)/)
  return pkg ? pkg[1] : main.split('/').slice(0, -1).join('/') || main
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

function demoSizes(meta) {
  const main = Object.keys(meta.outputs).find((file) => file.endsWith('/assets/main.js'))
  const initial = staticClosure(meta, main)
  const initialGzip = sumGzip(initial)
  const reactGzip = [...initial].reduce((sum, file) => sum + reactGzipEstimate(meta, file), 0)
  const allJs = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'))
  return {
    initial: { files: initial.size, gzip: initialGzip, gzipWithoutReactEstimate: Math.round(initialGzip - reactGzip) },
    lazy: lazyChunks(meta, initial),
    totalGzip: sumGzip(allJs),
  }
}

/** Named entries (index, react, plugins/*); esbuild also marks import() targets as entries. */
function librarySizes(meta, outdir) {
  const entryFiles = Object.keys(meta.outputs).filter(
    (file) => file.endsWith('.js') && meta.outputs[file].entryPoint && !file.startsWith(`${outdir}/chunks/`),
  )
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
  const allJs = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'))
  return { entries, lazyFromIndex: lazyChunks(meta, indexClosure), totalGzip: sumGzip(allJs) }
}

// ---- open latency in Chromium -------------------------------------------------------

// Runs in the page: click at t0, then wait on animation frames until the modal's dialog
// is open and laid out, so the figure includes the first paint-ready frame.
function clickAndWaitForDialog(selector) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    document.querySelector(selector).click()
    const poll = () => {
      const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')
      const box = dialog?.getBoundingClientRect()
      if (box && box.width > 0 && box.height > 0) return resolve(performance.now() - started)
      if (performance.now() - started > 10_000) return reject(new Error('dialog did not open within 10 s'))
      requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  })
}

const usedHeap = () => performance.memory?.usedJSHeapSize ?? null

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function openOnce(browser, url) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    const button = await page.waitForSelector(OPEN_BUTTON, { timeout: 5_000 }).catch(() => null)
    if (!button) return { heapAfterLoad: await page.evaluate(usedHeap) }
    const latency = await page.evaluate(clickAndWaitForDialog, OPEN_BUTTON)
    return { latency, heapAfterOpen: await page.evaluate(usedHeap) }
  } finally {
    await context.close()
  }
}

async function measureOpen() {
  if (!existsSync(CHROMIUM_PATH)) return { openLatencyMs: `n/a (${CHROMIUM_PATH} missing)` }
  const server = await startDemoServer({ port: 0 })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  })
  try {
    const first = await openOnce(browser, server.url)
    if (first.latency === undefined) {
      return { openLatencyMs: 'n/a (no open button yet)', heapAfterLoadBytes: first.heapAfterLoad }
    }
    const runs = [first]
    while (runs.length < RUNS) runs.push(await openOnce(browser, server.url))
    return {
      runs: RUNS,
      openLatencyMs: Number(median(runs.map((r) => r.latency)).toFixed(1)),
      openLatencyMinMaxMs: [Math.min(...runs.map((r) => r.latency)), Math.max(...runs.map((r) => r.latency))].map((v) => Number(v.toFixed(1))),
      heapAfterOpenBytes: median(runs.map((r) => r.heapAfterOpen)),
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

// ---- report -------------------------------------------------------------------------

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`

function demoRows(demo) {
  if (typeof demo === 'string') return [['demo', demo, '']]
  return [
    ['demo initial closure', kb(demo.initial.gzip), `${demo.initial.files} file(s), assets/main.js + static imports`],
    ['demo initial without react (est.)', kb(demo.initial.gzipWithoutReactEstimate), 'react share by bytesInOutput ratio'],
    ...demo.lazy.map((chunk) => [`demo lazy ${chunk.name}`, kb(chunk.gzip), `+${kb(chunk.addedGzip)} with its static imports`]),
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
  for (const chunk of library.lazyFromIndex) {
    rows.push([`library lazy ${chunk.name}`, kb(chunk.gzip), `+${kb(chunk.addedGzip)} with its static imports`])
  }
  rows.push(['library total (all js)', kb(library.totalGzip), ''])
  return rows
}

function browserRows(browser) {
  const latency = typeof browser.openLatencyMs === 'number' ? `${browser.openLatencyMs} ms` : browser.openLatencyMs
  const rows = [['open latency (median)', latency, browser.runs ? `${browser.runs} runs, min/max ${browser.openLatencyMinMaxMs.join('/')} ms` : '']]
  if (browser.heapAfterOpenBytes) rows.push(['JS heap', kb(browser.heapAfterOpenBytes), 'usedJSHeapSize after opening (median)'])
  else if (browser.heapAfterLoadBytes) rows.push(['JS heap', kb(browser.heapAfterLoadBytes), 'usedJSHeapSize after load (modal not opened)'])
  return rows
}

function printTable(results) {
  const rows = [['figure', 'value', 'note'], ...demoRows(results.demo), ...libraryRows(results.library), ...browserRows(results.browser)]
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)))
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd())
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
  const library = await tryBuild('library', buildLibrary)
  const demo = await tryBuild('demo', buildDemo)
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    demo: demo.meta ? demoSizes(demo.meta) : demo.failed,
    library: library.meta ? librarySizes(library.meta, 'dist') : library.failed,
    browser: demo.meta ? await measureOpen() : { openLatencyMs: demo.failed },
  }
  printTable(results)
  const dir = join(ROOT, 'bench/results')
  await mkdir(dir, { recursive: true })
  await writeJson(join(dir, 'latest.json'), results)
  await writeJson(join(dir, `${results.date.replace(/:/g, '-')}.json`), results)
  console.log(`\nbench: wrote bench/results/latest.json`)
  if (library.failed || demo.failed) process.exitCode = 1
}

await main()
