// The examples' weight as a visitor's browser loads it, for `npm run bench` (and
// `npm run bench -- examples` alone): each examples/ app installed from the packed tarball
// and built with its own scripts, as the package tests do (test/package/exampleApps.ts),
// served on 127.0.0.1 and opened in Chromium. Per app: the JS files requested before the
// load event (the first screen) and those requested after it with nobody clicking (what
// the idle prefetch adds), gzip -9 each. Then the same app again with Portico removed: its
// package swapped for a stub exporting the same names, so the app's own code, framework
// and other packages are what remains.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { chromium } from 'playwright-core'
import { ROOT } from '../build.mjs'
import { startDemoServer } from '../demo/server.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { pack } from '../scripts/pack.mjs'

export const EXAMPLE_APPS = ['vite-react', 'react-18', 'vanilla', 'next-app', 'wagmi-vite', 'wagmi-next', 'vue-app', 'svelte-app']
const NEXT_APPS = new Set(['next-app', 'wagmi-next'])
/** After the load event, how long no script may start before the prefetch counts as done. */
const PREFETCH_QUIET_MS = 3_000
const PREFETCH_WAIT_MAX_MS = 20_000

/**
 * The package tests' helpers (test/package/exampleApps.ts, test/peers/freePort.ts), bundled
 * for Node with build.mjs left where it is (it finds the repo from its own path).
 */
async function loadTestHelpers(dir) {
  const outfile = join(dir, 'testHelpers.mjs')
  await esbuild.build({
    stdin: {
      contents: "export * from './test/package/exampleApps.ts'\nexport { freePort } from './test/peers/freePort.ts'\n",
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'build.mjs in place',
        setup: (build) => build.onResolve({ filter: /\/build\.mjs$/ }, () => ({ path: pathToFileURL(join(ROOT, 'build.mjs')).href, external: true })),
      },
    ],
  })
  return import(pathToFileURL(outfile).href)
}

/** The names an app imports from `portico` and its subpaths, read from its sources. */
function porticoImports(appDir) {
  const names = new Set()
  const sources = readdirSync(appDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => !/(^|\/)(node_modules|dist[^/]*|\.next)(\/|$)/.test(file) && /\.(m?[jt]sx?|vue|svelte)$/.test(file),
  )
  for (const file of sources) {
    const code = readFileSync(join(appDir, file), 'utf8')
    for (const [, list] of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]portico(?:\/[\w-]+)?['"]/g)) {
      for (const item of list.split(',')) {
        const name = item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
        if (name) names.add(name)
      }
    }
  }
  return [...names]
}

/**
 * Puts a stub package in place of the installed Portico: every name the app imports, as
 * a component that renders its children, a hook returning {}, `porticoConnectors` as no
 * connectors, anything else a function returning {}. The app builds and its page loads;
 * what it does after that is not measured.
 */
function stubPortico(appDir) {
  const dir = join(appDir, 'node_modules/portico')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const names = porticoImports(appDir)
  const value = (name) => (/^[A-Z]/.test(name) ? '(props) => props?.children ?? null' : /Connectors$/.test(name) ? '() => []' : '() => ({})')
  writeFileSync(join(dir, 'stub.js'), names.map((name) => `export const ${name} = ${value(name)}\n`).join(''))
  writeFileSync(join(dir, 'stub.d.ts'), names.map((name) => `export declare const ${name}: any\nexport type ${name} = any\n`).join(''))
  const target = { types: './stub.d.ts', default: './stub.js' }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'portico', version: '0.0.0', type: 'module', exports: { '.': target, './*': target } }))
}

/** Runs the app's own npm script; rejects with its output. */
function npmRun(appDir, script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script, '--silent'], { cwd: appDir, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run ${script} in ${appDir} failed:\n${output}`))))
  })
}

/** The built app on 127.0.0.1: `next start` for the Next.js apps, the demo's static server (no CSP) for the rest. */
async function serve(appDir, name, { env, freePort }) {
  if (!NEXT_APPS.has(name)) {
    const server = await startDemoServer({ port: 0, root: join(appDir, 'dist'), csp: false })
    return { url: server.url, close: server.close }
  }
  const port = await freePort()
  const child = spawn(process.execPath, [join(appDir, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)], { cwd: appDir, env, detached: true })
  let output = ''
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`next start did not start in 60 s:\n${output}`)), 60_000)
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (/Ready in/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`next start exited with ${code}:\n${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    },
  }
}

const isScript = (url, type) => /\.m?js(\?|$)/.test(new URL(url).pathname) || /javascript/.test(type ?? '')

/** Opens the page in a fresh context and sorts the scripts it fetched by when they were asked for. */
async function measureLoad(browser, url) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const bodies = new Map()
  page.on('response', (response) => {
    if (response.ok() && isScript(response.url(), response.headers()['content-type'])) {
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      )
    }
  })
  try {
    const response = await page.goto(url, { waitUntil: 'load' })
    // Until no script has started for a while: the idle prefetch runs after load, on its own.
    const deadline = Date.now() + PREFETCH_WAIT_MAX_MS
    for (;;) {
      const lastStart = await page.evaluate(() => Math.max(0, ...performance.getEntriesByType('resource').map((entry) => entry.startTime)) - performance.now())
      if (-lastStart >= PREFETCH_QUIET_MS || Date.now() > deadline) break
      await page.waitForTimeout(250)
    }
    const { loadAt, scripts } = await page.evaluate(() => ({
      loadAt: performance.getEntriesByType('navigation')[0].loadEventStart,
      scripts: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }))
    const gzipOf = async (list) => {
      let sum = 0
      for (const { url: script } of list) sum += bodies.has(script) ? gzipSync(await bodies.get(script), { level: 9 }).length : 0
      return sum
    }
    const js = scripts.filter((script) => bodies.has(script.url))
    const firstScreen = js.filter((script) => script.startTime < loadAt)
    const prefetch = js.filter((script) => script.startTime >= loadAt)
    return {
      status: response?.status() ?? 0,
      firstScreenGzip: await gzipOf(firstScreen),
      firstScreenFiles: firstScreen.length,
      prefetchGzip: await gzipOf(prefetch),
      prefetchFiles: prefetch.length,
    }
  } finally {
    await context.close()
  }
}

async function buildAndMeasure(browser, appDir, name, helpers) {
  await npmRun(appDir, 'build', helpers.env)
  const server = await serve(appDir, name, helpers)
  try {
    return await measureLoad(browser, server.url)
  } finally {
    await server.close()
  }
}

/**
 * Every example with and without Portico. A failed app is a reported figure, not a lost run.
 * @param {{ apps?: readonly string[], log?: (line: string) => void }} options
 */
export async function measureExampleLoads({ apps = EXAMPLE_APPS, log = console.log } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'portico-bench-examples-'))
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const { installExample, INTEGRATOR_ENV, freePort } = await loadTestHelpers(work)
    const helpers = { env: { ...INTEGRATOR_ENV, NEXT_TELEMETRY_DISABLED: '1' }, freePort }
    const { tarball } = await pack(join(work, 'portico.tgz'))
    const results = {}
    for (const name of apps) {
      const appDir = join(work, name)
      try {
        await installExample(name, appDir, tarball)
        const withPortico = await buildAndMeasure(browser, appDir, name, helpers)
        stubPortico(appDir)
        rmSync(join(appDir, NEXT_APPS.has(name) ? '.next' : 'dist'), { recursive: true, force: true })
        const withoutPortico = await buildAndMeasure(browser, appDir, name, helpers)
        results[name] = { withPortico, withoutPortico }
        log(`bench: ${name}: first screen ${withPortico.firstScreenGzip} B gzip (${withoutPortico.firstScreenGzip} B without Portico), prefetch ${withPortico.prefetchGzip} B`)
      } catch (error) {
        results[name] = `n/a (${error.message.split('\n')[0]})`
        log(`bench: ${name} failed: ${error.message.slice(0, 2_000)}`)
      } finally {
        rmSync(appDir, { recursive: true, force: true })
      }
    }
    return { date: new Date().toISOString(), apps: results }
  } finally {
    await browser.close()
    if (existsSync(work)) rmSync(work, { recursive: true, force: true })
  }
}
