// examples/next-app as an integrator has it, from the packed tarball: Next.js 16 (App
// Router, Turbopack) with a Server Component page rendering <ConnectButton/>. Built with
// Turbopack, then moved to another folder and served from there by `next start` (a
// container image or any deploy does the same): the page answers, the modal's code
// arrives before the click, the EIP-6963 test wallet connects, and the build folder's
// path is nowhere; the visitor comes back and the server's HTML already shows the account
// (the kit's `ssr: true` cookie), hydrated with no warning. Then `next dev` on the same
// install; `next build --webpack` runs meanwhile in a copy of it (hard links: one install).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { assertCleanPage } from '../e2e/evmSupport.ts'
import { launchBrowser, newPage } from '../e2e/harness.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../peers/hardhat.ts'
import { installTestWallet } from '../peers/testWallet.ts'
import { INTEGRATOR_ENV, type InstalledExample, installExample } from './exampleApps.ts'
import { run } from './installedApp.ts'
import { freePort } from '../peers/freePort.ts'

const WALLET = { name: 'Portico Example Test Wallet', rdns: 'org.portico.examples' }
const ENV = { ...INTEGRATOR_ENV, NEXT_TELEMETRY_DISABLED: '1' }
/** What the modal's view host renders (shell/modal/ViewHost.tsx): in the renderer's code, not the first screen's. */
const RENDERER_MARKER = 'data-view'
/** HARDHAT_ACCOUNT_0's address as the account button shows it: 4 + 6 characters. */
const BUTTON_ADDRESS = '0xf3…b92266'

const packed = inject('packed')
const work = mkdtempSync(join(tmpdir(), 'portico-next-'))
const built = join(work, 'built-here')
const moved = join(work, 'deployed-there')
/** The same install, hard-linked before any build: webpack builds there while the Turbopack steps run. */
const webpacked = join(work, 'built-by-webpack')
let app: InstalledExample<'next-app'>
let node: HardhatNode
let browser: Browser
const started: ChildProcess[] = []
/** `next build --webpack` in `webpacked`, started once the app is installed. */
let webpackBuild: Promise<PromiseSettledResult<string>>

beforeAll(async () => {
  const [installed, hardhat, chromium] = await Promise.allSettled([
    installExample('next-app', built, packed.tarball),
    freePort().then((port) => startHardhat({ port, chainId: 31337 })),
    launchBrowser(),
  ])
  if (hardhat.status === 'fulfilled') node = hardhat.value
  if (chromium.status === 'fulfilled') browser = chromium.value
  for (const result of [installed, hardhat, chromium]) if (result.status === 'rejected') throw result.reason
  app = (installed as PromiseFulfilledResult<InstalledExample<'next-app'>>).value
  console.info(`[next-app] npm ci + tarball in ${app.installMs} ms`)
  // Started now, awaited by its test: the longest build (110 s on CI) no longer waits for
  // the Turbopack build, `next start` and the browser ahead of it.
  await run('cp', ['-al', built, webpacked])
  webpackBuild = settle(next(webpacked, ['build', '--webpack']))
}, 300_000)

/** The promise's outcome, so that a failure waits unobserved for the test that reads it. */
const settle = <T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> => Promise.allSettled([promise]).then(([result]) => result!)

afterAll(async () => {
  for (const child of started) stop(child)
  // A test that failed before the webpack one leaves its build running in `work`.
  await webpackBuild
  await browser?.close()
  await node?.stop()
  rmSync(work, { recursive: true, force: true })
})

/** The app's own Next.js, as its scripts run it; returns what it printed. */
async function next(dir: string, args: readonly string[]): Promise<string> {
  const bin = join(dir, 'node_modules/next/dist/bin/next')
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: dir, env: ENV, maxBuffer: 16 * 1024 * 1024 })
    return `${stdout}${stderr}`
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`next ${args.join(' ')} failed in ${dir}:\n${stdout}${stderr}`)
  }
}

/**
 * What a build printed that warns about the app or its packages. Next.js warns of a missing
 * build cache on every CI machine (it reads `CI`); that is about the machine, not the app.
 */
function buildWarnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /⚠|warn|Module not found|Critical dependency/i.test(line))
    .filter((line) => !/No build cache found/.test(line))
}

/** `next start` or `next dev` on a free 127.0.0.1 port; resolves with its URL once it is ready. */
async function serve(dir: string, command: 'start' | 'dev'): Promise<{ url: string; output: () => string; child: ChildProcess }> {
  const port = await freePort()
  const bin = join(dir, 'node_modules/next/dist/bin/next')
  // A process group of its own: `next dev` runs its server in a child process.
  const child = spawn(process.execPath, [bin, command, '-H', '127.0.0.1', '-p', String(port)], { cwd: dir, env: ENV, detached: true })
  started.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`next ${command} did not start in 60 s:\n${output}`)), 60_000)
    const check = () => {
      if (/Ready in/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => reject(new Error(`next ${command} exited with ${code}:\n${output}`)))
  })
  return { url, output: () => output, child }
}

function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(dir, file)).isFile())
}

/** The files of `app`'s .next/ that hold `path`, but Next.js's own records. */
function filesNaming(app: string, path: string): string[] {
  // Its record of the build, and webpack's cache (which keeps the sources it read).
  const nextsOwn = /^(required-server-files\.js(on)?|cache\/.*)$/
  return filesUnder(join(app, '.next')).filter((file) => !nextsOwn.test(file) && readFileSync(join(app, '.next', file), 'latin1').includes(path))
}

/**
 * Opens the page, checks the modal's code arrived before the click, opens the modal and
 * connects the test wallet; then comes back as a returning visitor: the server's HTML shows
 * the account, the browser's first render matches it, and the kit restores it without a prompt.
 */
async function connectThroughTheApp(url: string, { prefetched }: { prefetched: boolean }): Promise<string[]> {
  const recorded = await newPage(browser, 'about:blank')
  try {
    const { page } = recorded
    const wallet = await installTestWallet(page, { ...WALLET, rpcUrls: { 31337: node.url }, privateKey: HARDHAT_ACCOUNT_0.privateKey, knownChainIds: [31337] })
    const response = await page.goto(`${url}/?${new URLSearchParams({ rpc: node.url })}`, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    expect(await page.getByTestId('address').innerText()).toBe('Not connected')
    const scripts = () => recorded.requests.filter((request) => new URL(request).pathname.endsWith('.js'))
    if (prefetched) {
      // Idle time after load: the renderer's chunk is fetched before anyone clicks.
      await expect
        .poll(async () => (await Promise.all(scripts().map(async (script) => (await fetch(script)).text()))).some((code) => code.includes(RENDERER_MARKER)), {
          timeout: 15_000,
        })
        .toBe(true)
    }
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.locator('portico-modal').getByRole('button', { name: WALLET.name, exact: true }).click()
    await expect.poll(() => page.getByTestId('address').innerText(), { timeout: 30_000 }).toBe(wallet.address)
    expect(wallet.prompts.map((prompt) => [prompt.method, prompt.approved])).toEqual([['eth_requestAccounts', true]])
    const callsBefore = wallet.calls.length
    const returning = await page.reload({ waitUntil: 'load' })
    const html = await returning!.text()
    expect(html).toMatch(/<button[^>]*data-state="connected"[^>]*>(?:(?!<\/button>).)*0xf3…b92266/)
    expect(html).toContain(`data-testid="address">${wallet.address}<`)
    // The kit's restore keeps it (the cookie only spoke for the first render), with no second prompt.
    await expect.poll(() => wallet.calls.slice(callsBefore).some((call) => call.method === 'eth_accounts'), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.getByRole('button', { name: BUTTON_ADDRESS }).count(), { timeout: 15_000 }).toBe(1)
    expect(await page.getByTestId('address').innerText()).toBe(wallet.address)
    expect(wallet.prompts).toHaveLength(1)
    // React reports a hydration mismatch as a console error: a clean page has none.
    assertCleanPage(recorded)
    return scripts()
  } finally {
    await recorded.context.close()
  }
}

describe('examples/next-app (Next.js 16, App Router)', () => {
  it('builds with Turbopack, with no warning', async () => {
    const output = await next(app.dir, ['build'])
    expect(output).toContain('Turbopack')
    expect(buildWarnings(output)).toEqual([])
    // The webpack build shares the cores meanwhile: the same margin as that one.
  }, 300_000)

  it('moved to another folder, `next start` serves the Server Component page: the modal opens and the test wallet connects', async () => {
    renameSync(built, moved)
    const server = await serve(moved, 'start')
    try {
      const html = await (await fetch(server.url)).text()
      // Rendered on the server: the page's HTML already holds the button.
      expect(html).toMatch(/<button[^>]*data-portico-opener[^>]*>Connect Wallet/)
      // A forged state cookie is a disconnected visitor, not an error page or markup.
      const forged = await fetch(server.url, { headers: { cookie: 'portico.state=eip155:1:<script>alert(1)</script>' } })
      expect(forged.status).toBe(200)
      const forgedHtml = await forged.text()
      expect(forgedHtml).toMatch(/<button[^>]*data-portico-opener[^>]*>Connect Wallet/)
      expect(forgedHtml).not.toContain('alert(1)')
      const scripts = await connectThroughTheApp(server.url, { prefetched: true })
      // No path of the folder it was built in, in what the browser got...
      for (const script of scripts) expect(await (await fetch(script)).text(), script).not.toContain(built)
      expect(html).not.toContain(built)
      expect(server.output()).not.toMatch(/error|⨯/i)
    } finally {
      stop(server.child)
    }
    // ...nor in the build.
    expect(filesNaming(moved, built)).toEqual([])
  }, 120_000)

  it('`next dev` (Turbopack) serves the page and the modal opens', async () => {
    const server = await serve(moved, 'dev')
    try {
      const recorded = await newPage(browser, 'about:blank')
      try {
        const { page } = recorded
        // `next dev` compiles the page, the layout's server graph included, on this first request:
        // on 2 loaded cores that alone has taken more than 30 s.
        const response = await page.goto(server.url, { waitUntil: 'load', timeout: 90_000 })
        expect(response?.status()).toBe(200)
        // Hydrated: the button acts on the click.
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        await expect.poll(() => page.locator('portico-modal').locator('dialog[open]').count(), { timeout: 30_000 }).toBe(1)
        expect(recorded.consoleErrors).toEqual([])
      } finally {
        await recorded.context.close()
      }
      expect(server.output()).not.toMatch(/Module not found|Can't resolve/)
    } finally {
      stop(server.child)
    }
  }, 180_000)

  it('`next build --webpack` builds with no warning about Portico', async () => {
    const result = await webpackBuild
    if (result.status === 'rejected') throw result.reason
    const output = result.value
    expect(output).toContain('webpack')
    expect(buildWarnings(output)).toEqual([])
    // webpack turned Portico's import.meta.url into the build folder's file:// path: none now,
    // and no browser file names the folder. (Next.js's webpack server output names its
    // client modules by absolute path itself, Portico's among them: that is Next.js's design.)
    expect(filesNaming(webpacked, `file://${webpacked}`)).toEqual([])
    expect(filesNaming(webpacked, webpacked).filter((file) => file.startsWith('static/'))).toEqual([])
  }, 300_000)
})
