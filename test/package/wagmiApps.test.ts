// The wagmi example apps as an integrator has them, from the packed tarball: each installed
// from its own lock outside the repo, built once, served on 127.0.0.1, and used in Chromium
// with the EIP-6963 test wallet on a Hardhat node. wagmi's hooks and Portico's modal share
// one connection: connect in the modal and wagmi's hook shows the address; wagmi's
// useSendTransaction lands on Hardhat; useSignMessage's signature verifies; wagmi's
// disconnect() disconnects the kit and the modal's Disconnect disconnects wagmi; a reload
// keeps the connection without asking the wallet again. The Next.js app (wagmi 3, Turbopack,
// `ssr: true` with wagmi's cookie) also sends a connected visitor's address in its HTML.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startDemoServer } from '../../demo/server.mjs'
import { assertCleanPage } from '../e2e/evmSupport.ts'
import { launchBrowser, newPage } from '../e2e/harness.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../peers/hardhat.ts'
import { installTestWallet } from '../peers/testWallet.ts'
import { measure, sizesOf } from './appSizes.ts'
import { type InstalledExample, build, buildEntries, installExample, installedVersion } from './exampleApps.ts'
import { run } from './installedApp.ts'
import { freePort } from '../peers/freePort.ts'

/** What portico/wagmi may add to an app's first screen beyond the app's own wagmi (issue 27). */
const WAGMI_ENTRY_MAX = 3 * 1024
const WALLET = { name: 'Portico wagmi Test Wallet', rdns: 'org.portico.wagmi-examples' }

const packed = inject('packed')
const work = mkdtempSync(join(tmpdir(), 'portico-wagmi-apps-'))
let app: InstalledExample<'wagmi-vite'>
let nextApp: InstalledExample<'wagmi-next'>
let node: HardhatNode
let browser: Browser

beforeAll(async () => {
  const [vite, next, hardhat, chromium] = await Promise.allSettled([
    installExample('wagmi-vite', join(work, 'wagmi-vite'), packed.tarball),
    installExample('wagmi-next', join(work, 'wagmi-next'), packed.tarball),
    freePort().then((port) => startHardhat({ port, chainId: 31337 })),
    launchBrowser(),
  ])
  if (hardhat.status === 'fulfilled') node = hardhat.value
  if (chromium.status === 'fulfilled') browser = chromium.value
  for (const result of [vite, next, hardhat, chromium]) if (result.status === 'rejected') throw result.reason
  app = (vite as PromiseFulfilledResult<InstalledExample<'wagmi-vite'>>).value
  nextApp = (next as PromiseFulfilledResult<InstalledExample<'wagmi-next'>>).value
  console.info(`[wagmi] npm ci + tarball: wagmi-vite ${app.installMs} ms, wagmi-next ${nextApp.installMs} ms (in parallel)`)
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await node?.stop()
  rmSync(work, { recursive: true, force: true })
})

describe('examples/wagmi-vite (React 18, wagmi 2)', () => {
  let outdir: string

  it('installs wagmi 2 from its lock and Portico from the tarball, and builds', async () => {
    expect(installedVersion(app, 'wagmi')).toBe('2.19.5')
    outdir = await build(app, 'vite')
  })

  it('bundles one copy of viem, shared by wagmi and Portico (esbuild metafile)', async () => {
    const meta = JSON.parse(readFileSync(join(await build(app, 'esbuild'), 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> }
    const viemCopies = new Set(Object.keys(meta.inputs).flatMap((path) => path.match(/^(.*node_modules\/viem)\//)?.[1] ?? []))
    expect([...viemCopies]).toEqual(['node_modules/viem'])
    // Portico's own modules are in the build and import that copy.
    expect(Object.keys(meta.inputs).some((path) => path.startsWith('node_modules/portico/dist/'))).toBe(true)
  })

  it('portico/wagmi adds at most 3 KB gzip beyond the app’s own wagmi, its start-up body included', async () => {
    const probes = join(app.dir, 'wagmi-probes')
    mkdirSync(probes, { recursive: true })
    writeFileSync(join(probes, 'index.js'), `export * from 'portico'\n`)
    writeFileSync(join(probes, 'wagmi.js'), `export * from 'portico/wagmi'\n`)
    // viem, which every wagmi app bundles already (wagmi is built on it).
    writeFileSync(join(probes, 'viem.js'), `export * from 'viem'\n`)
    // wagmi is an optional peer, so the probe build leaves it external; the split build puts
    // what portico/wagmi shares with the kit or with viem in chunks of their own.
    const dir = await buildEntries(app, 'esbuild', { index: join(probes, 'index.js'), wagmi: join(probes, 'wagmi.js'), viem: join(probes, 'viem.js') })
    const [kit, entry, viem] = [measure(dir, [join(dir, 'index.js')]), measure(dir, [join(dir, 'wagmi.js')]), measure(dir, [join(dir, 'viem.js')])]
    const theApps = new Set([...kit.total.files, ...viem.total.files])
    // The body loads at start (it follows wagmi from the first render), so it counts as first screen.
    const beyond = sizesOf(dir, entry.total.files.filter((file) => !theApps.has(file)).map((file) => join(dir, file))).gzip
    console.info(`[wagmi] portico/wagmi beyond the portico entry and viem: ${beyond} B gzip (esbuild)`)
    expect(beyond).toBeLessThanOrEqual(WAGMI_ENTRY_MAX)
  })

  it("in Chromium: the modal connects wagmi; wagmi's hooks send and sign; reload keeps one connection; both disconnects reach the other side", async () => {
    const server = await startDemoServer({ port: 0, root: outdir })
    try {
      await useTheApp(`${server.url}/?${new URLSearchParams({ rpc: node.url })}`)
    } finally {
      await server.close()
    }
  })
})

describe('examples/wagmi-next (React 19, wagmi 3, Next.js with Turbopack, SSR)', () => {
  it('installs wagmi 3 and Next.js from its lock, and next build (Turbopack) says nothing but its report', async () => {
    expect(installedVersion(nextApp, 'wagmi')).toBe('3.7.7')
    expect(installedVersion(nextApp, 'next')).toBe('16.4.6')
    const { stdout, stderr } = await run('npx', ['next', 'build'], { cwd: nextApp.dir, env: nextEnv(), maxBuffer: 16 * 1024 * 1024 })
    expect(stderr.split('\n').filter((line) => line.trim() !== '')).toEqual([])
    expect(stdout).not.toMatch(/warn|reconfigured your tsconfig/i)
  })

  it("in Chromium, served by next start: the same, and the server HTML of a connected visitor has wagmi's address", async () => {
    const port = await freePort()
    const server = spawn('npx', ['next', 'start', '--port', String(port), '--hostname', '127.0.0.1'], { cwd: nextApp.dir, env: nextEnv(), detached: true, stdio: 'ignore' })
    try {
      const url = `http://127.0.0.1:${port}/`
      await until(async () => (await fetch(url)).ok)
      await useTheApp(url, async (page, address) => {
        // What the server sends for this visitor's cookie, before any script runs.
        const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
        const html = await (await fetch(url, { headers: { cookie } })).text()
        expect(html).toMatch(new RegExp(`data-testid="wagmi-address"[^>]*>${address}<`))
      })
    } finally {
      stop(server)
    }
  })
})

/**
 * The flow both apps go through, in Chromium with the test wallet. `whileConnected` runs
 * after the reload, when wagmi's state is stored (the Next app: in its cookie).
 */
async function useTheApp(url: string, whileConnected?: (page: Page, address: string) => Promise<void>) {
  const recorded = await newPage(browser, 'about:blank')
  try {
    const { page } = recorded
    const wallet = await installTestWallet(page, { ...WALLET, rpcUrls: { 31337: node.url }, privateKey: HARDHAT_ACCOUNT_0.privateKey, knownChainIds: [31337] })
    const requestAccounts = () => wallet.prompts.filter((prompt) => prompt.method === 'eth_requestAccounts').length
    await page.goto(url, { waitUntil: 'load' })
    expect(await text(page, 'wagmi-address')).toBe('Not connected')

    await connectInModal(page)
    await expect.poll(() => text(page, 'wagmi-address'), { timeout: 30_000 }).toBe(wallet.address)
    await expect.poll(() => text(page, 'address')).toBe(wallet.address)

    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    await expect.poll(() => text(page, 'tx-hash'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await rpc<{ status: string; to: string }>(node.url, 'eth_getTransactionReceipt', [await text(page, 'tx-hash')])
    expect(receipt).toMatchObject({ status: '0x1', to: HARDHAT_ACCOUNT_1.address.toLowerCase() })

    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => text(page, 'signature'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await text(page, 'signature')) as Hex
    expect(await verifyMessage({ address: wallet.address as Hex, message: 'Hello from wagmi', signature })).toBe(true)

    await page.reload({ waitUntil: 'load' })
    await expect.poll(() => text(page, 'wagmi-address'), { timeout: 30_000 }).toBe(wallet.address)
    await expect.poll(() => text(page, 'address'), { timeout: 30_000 }).toBe(wallet.address)
    expect(requestAccounts()).toBe(1)
    await whileConnected?.(page, wallet.address)

    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click()
    await expect.poll(() => text(page, 'address')).toBe('Not connected')
    expect(await text(page, 'wagmi-address')).toBe('Not connected')

    await connectInModal(page)
    await expect.poll(() => text(page, 'wagmi-address'), { timeout: 30_000 }).toBe(wallet.address)
    // The account button, then the modal's Disconnect.
    await page.getByRole('button', { name: new RegExp(wallet.address.slice(-6)) }).click()
    await page.locator('portico-modal').getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => text(page, 'wagmi-address')).toBe('Not connected')
    expect(await text(page, 'address')).toBe('Not connected')
    // No console error: no hydration warning either.
    assertCleanPage(recorded)
  } finally {
    await recorded.context.close()
  }
}

/** The integrator's shell for Next: the node's URL baked into the build, no telemetry, no test NODE_ENV. */
function nextEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _vitest, ...env } = process.env
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', NEXT_PUBLIC_RPC_URL: node.url }
}

async function until(ready: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await ready().catch(() => false)) return
    if (Date.now() > deadline) throw new Error('next start did not answer')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Ends `next start` and the server it spawned (its own process group). */
function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM')
  } catch {
    // already gone
  }
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText()

async function connectInModal(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.locator('portico-modal').getByRole('button', { name: WALLET.name, exact: true }).click()
}

