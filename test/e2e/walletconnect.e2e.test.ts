// Issue 5, "WalletConnect", in real Chromium: the built demo under its strict CSP with its
// dev wallet off, the local relay (8620) and wallet registry (8630) demo/config.ts points
// at, Hardhat "Hardhat" 31337 on 8545, and a sign-client wallet in Node (Hardhat account
// #1) that pairs with the `wc:` uri the page shows. Every request stays on 127.0.0.1
// (WalletConnect Verify is skipped on a non-public relay).
import type { Browser } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNT_1, type HardhatNode, PortBusyError, assertPortFree, startHardhat } from '../peers/hardhat.ts'
import { type Relay, startRelay } from '../peers/relay.mjs'
import { type WalletRegistryServer, startWalletRegistry } from '../peers/walletRegistry.mjs'
import { type WcWallet, personalSignText, startWcWallet } from '../peers/wcWallet.mjs'
import { balanceWei, currentView, expectedBalanceText, modal, text } from './evmSupport.ts'
import { type DemoServer, type RecordedPage, launchBrowser } from './harness.ts'
import { type PrivateDemo, assertCleanPage, buildPrivateDemo, openPage, startPrivateDemo, throwFirstFailure, valueOf } from './modalHarness.ts'

const ADDRESS = HARDHAT_ACCOUNT_1.address
const PHONE_WALLET = 'Portico Dev Phone Wallet'
/** The ports demo/config.ts points at: "Hardhat" RPC, WalletConnect relay, wallet registry. */
const PORTS = { hardhat: 8545, relay: 8620, registry: 8630 } as const

let node: HardhatNode | undefined
let relay: Relay | undefined
let registry: WalletRegistryServer | undefined
let demo: PrivateDemo | undefined
let server: DemoServer | undefined
let browser: Browser | undefined
const pages: RecordedPage[] = []
const wallets: WcWallet[] = []

/** Like the EVM tests: with PORTICO_E2E_PORT_WAIT_MS, wait that long for another run to free the ports. */
async function waitForFreePorts(ports: readonly number[], waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const busy = await Promise.all(ports.map((port) => assertPortFree(port).then(() => false, () => true)))
    if (!busy.includes(true) || Date.now() >= deadline) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

beforeAll(async () => {
  await waitForFreePorts(Object.values(PORTS), Number(process.env['PORTICO_E2E_PORT_WAIT_MS'] ?? 0))
  // A busy port fails the file at once, naming the port (`npm start` holds all three).
  const busy = (
    await Promise.all(Object.entries(PORTS).map(([name, port]) => assertPortFree(port).then(() => null, (e: Error) => `${name} ${port}: ${e.message}`)))
  ).filter(Boolean)
  if (busy.length > 0) throw new Error(`WalletConnect browser tests: demo/config.ts needs these ports free (is \`npm start\` running?):\n  ${busy.join('\n  ')}`)
  const results = await Promise.allSettled([
    startHardhat({ port: PORTS.hardhat, chainId: 31337 }),
    startRelay({ port: PORTS.relay }),
    startWalletRegistry({ port: PORTS.registry }),
    buildPrivateDemo(),
    launchBrowser(),
  ] as const)
  node = valueOf(results[0])
  relay = valueOf(results[1])
  registry = valueOf(results[2])
  demo = valueOf(results[3])
  browser = valueOf(results[4])
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed?.reason instanceof PortBusyError) throw new Error(`WalletConnect browser tests: ${failed.reason.message}`)
  throwFirstFailure(results)
  server = await startPrivateDemo(demo!)
}, 120_000)

afterAll(async () => {
  await Promise.all(wallets.splice(0).map((w) => w.stop().catch(() => undefined)))
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
  await browser?.close()
  await server?.close()
  await demo?.dispose()
  await Promise.all([node?.stop(), relay?.stop(), registry?.stop()])
})

/**
 * WalletConnect's own client now and then logs "Pending session not found for
 * topic …" (about 1 run in 25 here) from its pending-session bookkeeping, with no
 * effect on what the test asserts. Only that line is dropped before the clean-page
 * check; every other console error still fails the test.
 */
function assertCleanWalletConnectPage(recorded: RecordedPage): void {
  const noise = /Pending session not found for topic/
  recorded.consoleErrors.splice(0, recorded.consoleErrors.length, ...recorded.consoleErrors.filter((text) => !noise.test(text)))
  assertCleanPage(recorded)
}

async function open(): Promise<RecordedPage> {
  const page = await openPage(browser!, `${server!.url}/?devwallet=off`)
  pages.push(page)
  return page
}

/** A wallet client on the local relay that approves eip155:31337 with account #1; counts the proposals it sees. */
async function wallet(name: string) {
  const proposals: unknown[] = []
  const w = await startWcWallet({
    relayUrl: relay!.url,
    privateKey: HARDHAT_ACCOUNT_1.privateKey,
    rpcUrls: { 31337: node!.url },
    storagePrefix: `wc-e2e-${name}`,
    approve: (method, params) => {
      if (method === 'session_proposal') proposals.push(params)
      return true
    },
  })
  wallets.push(w)
  return { w, proposals }
}

/** The build's outputs that carry the plugin body or the universal provider. */
function walletConnectChunks(): string[] {
  const files = Object.entries(demo!.meta.outputs)
    .filter(([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).some((input) => input === 'plugins/walletconnect/body.tsx' || input.includes('@walletconnect/universal-provider')))
    .map(([file]) => file)
  // URL paths, as the pages request them (the build directory is the server's root).
  const prefix = Object.keys(demo!.meta.outputs).find((file) => file.endsWith('/assets/main.js'))!.slice(0, -'/assets/main.js'.length)
  return files.map((file) => file.slice(prefix.length))
}

const requestedPaths = (page: RecordedPage) => page.requests.filter((u) => u.startsWith('http')).map((u) => new URL(u).pathname)

/** Opens the modal, goes Connect → All wallets → the phone wallet, and returns the `wc:` uri of its QR code. */
async function pairingUri(page: RecordedPage): Promise<string> {
  const p = page.page
  await p.getByTestId('open-modal').click()
  await modal(p).getByTestId('portico-connect').waitFor()
  await modal(p).getByRole('button', { name: 'All wallets' }).click()
  await expect.poll(() => currentView(p)).toBe('AllWallets')
  await modal(p).locator('ul[aria-label="Wallets"] li button', { hasText: PHONE_WALLET }).click()
  const panel = modal(p).getByTestId('portico-wc-pairing')
  await panel.waitFor({ timeout: 15_000 })
  expect(await currentView(p)).toBe('ConnectingWalletConnect')
  // The QR code names the wallet; "Copy link" copies the same uri.
  expect(await modal(p).locator('svg[role="img"]').first().getAttribute('aria-label')).toBe(`QR code to connect ${PHONE_WALLET}`)
  await expect.poll(() => modal(p).getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true)
  const uri = (await panel.getAttribute('data-uri'))!
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

async function connect(page: RecordedPage, w: WcWallet) {
  const uri = await pairingUri(page)
  const session = await w.pair(uri)
  await expect.poll(() => text(page.page, 'account-status'), { timeout: 15_000 }).toBe('connected')
  return session
}

describe('WalletConnect in the browser (issue 5)', () => {
  it('a page where WalletConnect is never used requests none of its chunks, even with the modal open', async () => {
    const chunks = walletConnectChunks()
    expect(chunks.length).toBeGreaterThan(0)
    const page = await open()
    await page.page.getByTestId('open-modal').click()
    await modal(page.page).getByTestId('portico-connect').waitFor()
    await page.page.waitForLoadState('networkidle')
    const requested = requestedPaths(page)
    expect(requested.filter((path) => chunks.includes(path))).toEqual([])
    // Nothing talked to the relay or the registry either.
    expect(page.requests.filter((u) => /:(8620|8630)\//.test(u))).toEqual([])
    assertCleanWalletConnectPage(page)
  })

  it('QR uri → wallet pairs over the local relay → account, balance, signing, reload restore, disconnect from the page ends the wallet’s session', async () => {
    const started = performance.now()
    const { w, proposals } = await wallet('page-disconnect')
    const page = await open()
    const p = page.page
    const session = await connect(page, w)
    expect(session.namespaces['eip155']!.accounts).toContain(`eip155:31337:${ADDRESS}`)
    expect(proposals).toHaveLength(1)
    // The plugin and the provider downloaded now that WalletConnect was picked.
    expect(requestedPaths(page).some((path) => walletConnectChunks().includes(path))).toBe(true)

    await expect.poll(() => currentView(p)).toBeNull()
    expect(await text(p, 'account-address')).toBe(ADDRESS)
    expect(await text(p, 'account-caip-address')).toBe(`eip155:31337:${ADDRESS}`)
    expect(await text(p, 'network-chain-id')).toBe('31337')
    await expect.poll(() => text(p, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node!, ADDRESS)))

    // "Sign message": usePorticoProvider → the session → the wallet in Node.
    await p.getByRole('button', { name: 'Sign message' }).click()
    const result = p.getByTestId('result')
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 15_000 }).toBe('signature')
    const signature = (await result.innerText()) as Hex
    expect(await verifyMessage({ address: ADDRESS, message: 'Hello from Portico', signature })).toBe(true)
    const sign = w.requests.find((r) => r.method === 'personal_sign')!
    expect(sign.chainId).toBe('eip155:31337')
    expect(personalSignText((sign.params as [Hex])[0])).toBe('Hello from Portico')

    // Reload: the stored session comes back without a new proposal.
    await p.reload({ waitUntil: 'load' })
    await expect.poll(() => text(p, 'account-status'), { timeout: 15_000 }).toBe('connected')
    expect(await text(p, 'account-address')).toBe(ADDRESS)
    await expect.poll(() => text(p, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node!, ADDRESS)))
    expect(proposals).toHaveLength(1)
    expect(w.sessions()).toEqual([session.topic])

    // Disconnect in the page ends the session on the wallet's side too.
    await p.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => text(p, 'account-status')).toBe('disconnected')
    await expect.poll(() => w.sessions(), { timeout: 10_000 }).toEqual([])
    assertCleanWalletConnectPage(page)
    console.log(`[wc e2e] pair, sign, reload, disconnect: ${(performance.now() - started).toFixed(0)} ms`)
  })

  it('the wallet ending the session disconnects the page', async () => {
    const { w } = await wallet('wallet-disconnect')
    const page = await open()
    const session = await connect(page, w)
    expect(await text(page.page, 'account-address')).toBe(ADDRESS)
    // The page has settled in (the balance read) before the wallet ends the session, and a
    // moment passes as it would for a person: a delete within ~150 ms of the settlement can
    // make the page's sign-client race its own reply against deleting the session's key and
    // log the failed reply as a console error (seen under one CPU; not Portico's code).
    await expect.poll(() => text(page.page, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node!, ADDRESS)))
    await page.page.waitForTimeout(1_000)
    await w.disconnect(session.topic)
    await expect.poll(() => text(page.page, 'account-status'), { timeout: 10_000 }).toBe('disconnected')
    expect(await text(page.page, 'account-address')).toBe('—')
    expect(w.sessions()).toEqual([])
    assertCleanWalletConnectPage(page)
  })
})
