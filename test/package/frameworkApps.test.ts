// examples/vue-app and examples/svelte-app as an integrator has them, from the packed
// tarball: each installed from its own lock outside the repo, type-checked by its
// framework's own checker (vue-tsc, svelte-check: the elements' typings in templates and
// markup), built once with Vite with no warning, then used in Chromium (served on
// 127.0.0.1 under a strict CSP) with the EIP-6963 test wallet on a Hardhat node: the
// <portico-button> opens the modal, the wallet connects, the page shows the address, and
// the console stays clean. The Vue app is built once more as a development build, where
// Vue warns about a tag it takes for a component (`isCustomElement` unset).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startDemoServer } from '../../demo/server.mjs'
import { assertCleanPage } from '../e2e/evmSupport.ts'
import { launchBrowser, newPage } from '../e2e/harness.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../peers/hardhat.ts'
import { installTestWallet } from '../peers/testWallet.ts'
import { measure, sizesOf } from './appSizes.ts'
import { ROOT } from '../../build.mjs'
import { type InstalledExample, buildEntries, installExample, installedVersion } from './exampleApps.ts'
import { run } from './installedApp.ts'
import { freePort } from '../peers/freePort.ts'

const APPS = ['vue-app', 'svelte-app'] as const
type App = (typeof APPS)[number]
const FRAMEWORK: Record<App, string> = { 'vue-app': 'vue', 'svelte-app': 'svelte' }
const WALLET = { name: 'Portico Framework Test Wallet', rdns: 'org.portico.frameworks' }
/** What `portico/vue` may add to an app that has `portico`, gzip. */
const VUE_ENTRY_MAX = 1024

const packed = inject('packed')
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const work = mkdtempSync(join(tmpdir(), 'portico-frameworks-'))
const apps = new Map<App, InstalledExample<App>>()
let node: HardhatNode
let browser: Browser

// The environment an integrator's shell has: without Vitest's NODE_ENV=test, which Vite would honour.
const { NODE_ENV: _vitest, ...INTEGRATOR_ENV } = process.env

beforeAll(async () => {
  const started = Date.now()
  const [installs, hardhat, chromium] = await Promise.allSettled([
    Promise.all(APPS.map((name) => installExample(name, join(work, name), packed.tarball))),
    freePort().then((port) => startHardhat({ port, chainId: 31337 })),
    launchBrowser(),
  ])
  if (hardhat.status === 'fulfilled') node = hardhat.value
  if (chromium.status === 'fulfilled') browser = chromium.value
  for (const result of [installs, hardhat, chromium]) if (result.status === 'rejected') throw result.reason
  for (const app of (installs as PromiseFulfilledResult<InstalledExample<App>[]>).value) apps.set(app.name, app)
  console.info(`[frameworks] both apps installed (npm ci + tarball, in parallel) in ${Date.now() - started} ms`)
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await node?.stop()
  rmSync(work, { recursive: true, force: true })
})

const app = (name: App) => {
  const installed = apps.get(name)
  if (!installed) throw new Error(`${name} was not installed`)
  return installed
}

/** An npm script of the app; its whole output, stdout and stderr, in order of the streams. */
async function script(name: App, args: readonly string[], env: NodeJS.ProcessEnv = INTEGRATOR_ENV): Promise<string> {
  try {
    const { stdout, stderr } = await run('npm', ['run', ...args], { cwd: app(name).dir, env, maxBuffer: 16 * 1024 * 1024 })
    return `${stdout}${stderr}`
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`npm run ${args.join(' ')} failed in ${name}:\n${stdout}${stderr}`)
  }
}

/**
 * Lines of a build's output that warn: Vite's own ("(!) ..."), a plugin's, or Vue's "Failed to
 * resolve component". The listing of output files is left out: a hashed name may spell "warn".
 */
const warnings = (output: string) => output.split('\n').filter((line) => !line.includes('│ gzip:') && /warn|\(!\)|Failed to resolve component/i.test(line))

/** In Chromium: the app's <portico-button> opens the modal, the test wallet connects, the address shows; no console error or warning. */
async function connectThroughTheApp(root: string) {
  const server = await startDemoServer({ port: 0, root })
  const recorded = await newPage(browser, 'about:blank')
  const consoleWarnings: string[] = []
  recorded.page.on('console', (message) => {
    if (message.type() === 'warning') consoleWarnings.push(message.text())
  })
  try {
    const { page } = recorded
    const wallet = await installTestWallet(page, { ...WALLET, rpcUrls: { 31337: node.url }, privateKey: HARDHAT_ACCOUNT_0.privateKey, knownChainIds: [31337] })
    await page.goto(`${server.url}/?${new URLSearchParams({ rpc: node.url })}`, { waitUntil: 'load' })
    await expect.poll(() => page.getByTestId('address').innerText()).toBe('Not connected')
    await expect.poll(() => page.getByTestId('network').innerText()).toBe('Hardhat')
    // <portico-button>'s own button, in its open shadow root.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.locator('portico-modal').getByRole('button', { name: WALLET.name, exact: true }).click()
    await expect.poll(() => page.getByTestId('address').innerText(), { timeout: 30_000 }).toBe(wallet.address)
    expect(wallet.prompts.map((prompt) => [prompt.method, prompt.approved])).toEqual([['eth_requestAccounts', true]])
    assertCleanPage(recorded)
    expect(consoleWarnings).toEqual([])
  } finally {
    await recorded.context.close()
    await server.close()
  }
}

describe.each(APPS)('examples/%s', (name) => {
  it('installs from its lock and the tarball, with the framework version its package.json pins', () => {
    const installed = app(name)
    const pinned = (JSON.parse(readFileSync(join(installed.dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies
    expect(installedVersion(installed, 'portico')).toBe(version)
    expect(installedVersion(installed, FRAMEWORK[name])).toBe(pinned[FRAMEWORK[name]])
    console.info(`[frameworks] ${name}: npm ci + tarball in ${installed.installMs} ms`)
  })

  it("type-checks with its framework's checker (strict, skipLibCheck off) and builds with no warning", async () => {
    const started = Date.now()
    const [typecheck, build] = await Promise.all([script(name, ['typecheck']), script(name, ['build'])])
    expect(warnings(build)).toEqual([])
    expect(build).toMatch(/built in/)
    // vue-tsc says nothing when clean; svelte-check counts.
    if (name === 'svelte-app') expect(typecheck).toMatch(/found 0 errors and 0 warnings/)
    console.info(`[frameworks] ${name}: type-check and build in ${Date.now() - started} ms`)
  })

  it('in Chromium: <portico-button> opens the modal, the test wallet connects, the address shows', async () => {
    await connectThroughTheApp(join(app(name).dir, 'dist'))
  })
})

describe('examples/vue-app as a development build', () => {
  it('warns about nothing in the console: Vue renders <portico-*> as custom elements (isCustomElement is set)', async () => {
    const outDir = join(app('vue-app').dir, 'dist-development')
    // A development build keeps Vue's runtime warnings, "Failed to resolve component" among them.
    const output = await script('vue-app', ['build', '--', '--outDir', outDir, '--emptyOutDir'], { ...INTEGRATOR_ENV, NODE_ENV: 'development' })
    expect(warnings(output)).toEqual([])
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toMatch(/<script type="module"/)
    await connectThroughTheApp(outDir)
  })
})

describe('portico/vue', () => {
  it(`adds at most ${VUE_ENTRY_MAX} B gzip to an app that has portico (built with the Vue app's Vite, vue external)`, async () => {
    const vueApp = app('vue-app')
    const probes = join(vueApp.dir, 'size-probes')
    mkdirSync(probes, { recursive: true })
    const modules = { index: join(probes, 'index.js'), vue: join(probes, 'vue.js') }
    writeFileSync(modules.index, "export * from 'portico'\n")
    writeFileSync(modules.vue, "export * from 'portico/vue'\n")
    const outdir = await buildEntries(vueApp, 'vite', modules)
    const index = measure(outdir, [join(outdir, 'index.js')])
    const vue = measure(outdir, [join(outdir, 'vue.js')])
    const beyond = sizesOf(
      outdir,
      vue.firstScreen.files.filter((file) => !index.firstScreen.files.includes(file)).map((file) => join(outdir, file)),
    )
    console.info(`[frameworks] portico/vue beyond portico: ${beyond.gzip} B gzip (${beyond.files.join(', ')})`)
    expect(beyond.files.length).toBeGreaterThan(0)
    expect(beyond.gzip).toBeLessThanOrEqual(VUE_ENTRY_MAX)
  })
})
