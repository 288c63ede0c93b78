// Helpers for the EVM browser tests (test/e2e/evm*.e2e.test.ts): the demo's two local
// chains, a private build of the demo, pages with test wallets installed before the first
// byte, and in-page recorders for the account status and the modal's views.
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { formatEther } from 'viem'
import { inject } from 'vitest'
import { ROOT, buildDemo } from '../../build.mjs'
import type {} from './sharedStack.ts'
import { startDemoServer } from '../../demo/server.mjs'
import { withDemoApi } from './demoApi.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, PortBusyError, assertPortFree, rpc, startHardhat } from '../peers/hardhat.ts'
import { type TestWalletHandle, type TestWalletOptions, installTestWallet } from '../peers/testWallet.ts'
import { type DemoServer, type RecordedPage, assertAllRequestsLocal, newPage } from './harness.ts'

export const TEST_WALLET_NAME = 'Portico EVM Test Wallet'
export const TEST_WALLET_RDNS = 'org.portico.e2e.evm'

// ---- the demo's chains ---------------------------------------------------------------

/**
 * Starts Hardhat where demo/config.ts expects its networks: "Hardhat" (31337) on 8545 and
 * "Hardhat 2" (31338) on 8546. A busy port fails the file with a message that says why
 * (usually `npm start`, or another browser-test run, holds it).
 */
export async function startDemoChains(): Promise<[HardhatNode, HardhatNode]> {
  await waitForFreePorts([8545, 8546], Number(process.env['PORTICO_E2E_PORT_WAIT_MS'] ?? 0))
  const results = await Promise.allSettled([startHardhat({ port: 8545, chainId: 31337 }), startHardhat({ port: 8546, chainId: 31338 })])
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)))
    const reason = failed.reason as Error
    const why = reason instanceof PortBusyError ? 'the demo networks "Hardhat" and "Hardhat 2" (demo/config.ts) need these ports' : 'Hardhat failed to start'
    throw new Error(`EVM browser tests: ${why}: ${reason.message}`)
  }
  return results.map((r) => (r as PromiseFulfilledResult<HardhatNode>).value) as [HardhatNode, HardhatNode]
}

/**
 * On a shared machine another test run may hold the ports for a while: with
 * PORTICO_E2E_PORT_WAIT_MS set, wait up to that long for them to be free. By default
 * (0) a busy port fails at once, as it should when `npm start` holds it.
 */
async function waitForFreePorts(ports: readonly number[], waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const busy = await Promise.all(
      ports.map((port) =>
        assertPortFree(port).then(
          () => false,
          () => true,
        ),
      ),
    )
    if (!busy.includes(true) || Date.now() >= deadline) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

export async function balanceWei(node: HardhatNode, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(node.url, 'eth_getBalance', [address, 'latest']))
}

/** The node's own balance as the demo must show it: ether, cut (not rounded) to 3 decimals, "ETH". */
export function expectedBalanceText(wei: bigint): string {
  const [whole, fraction = ''] = formatEther(wei).split('.')
  const cut = fraction.slice(0, 3).replace(/0+$/, '')
  return `${cut ? `${whole}.${cut}` : whole} ETH`
}

// ---- a private build -----------------------------------------------------------------

export interface ServedDemo {
  readonly server: DemoServer
  dispose(): Promise<void>
}

/**
 * Builds the demo into its own directory and serves it with the demo's strict CSP. A
 * shared dist/demo could be rebuilt (emptied first) by another test file or `npm start`
 * while these pages still load lazy chunks from it.
 */
export async function buildAndServeDemo({ api = true }: { api?: boolean } = {}): Promise<ServedDemo> {
  // The run's build (test/e2e/sharedStack.ts) is private in the same way, and read-only.
  const shared = inject('sharedDemo')
  const outdir = shared ?? `dist/e2e-evm/${randomUUID().slice(0, 8)}`
  if (!shared) await buildDemo({ outdir })
  const served = await startDemoServer({ port: 0, root: outdir })
  const server = api ? await withDemoApi(served) : served
  return {
    server,
    async dispose() {
      await server.close()
      if (!shared) await rm(join(ROOT, outdir), { recursive: true, force: true })
    },
  }
}

// ---- pages ---------------------------------------------------------------------------

export type WalletSpec = Omit<TestWalletOptions, 'privateKey'> & { privateKey?: TestWalletOptions['privateKey'] }

export interface DemoPage extends RecordedPage {
  readonly wallets: TestWalletHandle[]
}

/**
 * Opens the demo (`search` defaults to `?devwallet=off`, so only the injected wallets
 * are announced) with the harness's recorders running from the first byte and each
 * test wallet installed before the page's scripts.
 */
export async function openDemo(browser: Browser, url: string, wallets: WalletSpec[], search = '?devwallet=off'): Promise<DemoPage> {
  const recorded = await newPage(browser, 'about:blank')
  const handles: TestWalletHandle[] = []
  for (const spec of wallets) handles.push(await installTestWallet(recorded.page, { privateKey: HARDHAT_ACCOUNT_0.privateKey, ...spec }))
  await recorded.page.goto(`${url}/${search}`, { waitUntil: 'load' })
  await recorded.page.getByTestId('open-modal').waitFor()
  return { ...recorded, wallets: handles }
}

/** The harness's checks every page ends with: no CSP violation, no console error, nothing off 127.0.0.1. */
export function assertCleanPage(recorded: RecordedPage): void {
  const problems = [...recorded.cspViolations.map((v) => `CSP violation: ${v.text}`), ...recorded.consoleErrors.map((text) => `console error: ${text}`)]
  if (problems.length > 0) throw new Error(`page was not clean:\n  ${problems.join('\n  ')}`)
  assertAllRequestsLocal(recorded.requests.filter((u) => u !== 'about:blank'))
}

export const modal = (page: Page) => page.locator('portico-modal')
export const text = (page: Page, testId: string) => page.getByTestId(testId).innerText()

/** The open dialog's current view (`data-view`), or null when closed. */
export function currentView(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')
    return dialog ? (dialog.querySelector('[data-view]')?.getAttribute('data-view') ?? null) : null
  })
}

/**
 * Starts recording, in the page, every distinct value of the demo's account status and
 * every view the modal shows, each with `performance.now()`, plus the time of each click.
 * Read with `recording(page)`.
 */
export function startRecording(page: Page): Promise<void> {
  return page.evaluate(() => {
    type Entry = { value: string; at: number }
    const log = { status: [] as Entry[], views: [] as Entry[], clicks: [] as number[] }
    ;(window as unknown as { __evmLog: typeof log }).__evmLog = log
    const push = (list: Entry[], value: string | null | undefined) => {
      if (value && list.at(-1)?.value !== value) list.push({ value, at: performance.now() })
    }
    const read = () => {
      push(log.status, document.querySelector('[data-testid="account-status"]')?.textContent)
      const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')
      push(log.views, dialog?.querySelector('[data-view]')?.getAttribute('data-view'))
    }
    read()
    const observer = new MutationObserver(read)
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
    const watchShadow = () => {
      const root = document.querySelector('portico-modal')?.shadowRoot
      if (root) observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
      return Boolean(root)
    }
    if (!watchShadow()) {
      const wait = new MutationObserver(() => watchShadow() && wait.disconnect())
      wait.observe(document.body, { childList: true })
    }
    document.addEventListener('click', () => log.clicks.push(performance.now()), true)
  })
}

export interface Recording {
  status: { value: string; at: number }[]
  views: { value: string; at: number }[]
  clicks: number[]
}

export function recording(page: Page): Promise<Recording> {
  return page.evaluate(() => (window as unknown as { __evmLog: Recording }).__evmLog)
}

/** Runs before the page's scripts: records the account status sequence of this load from its first render. */
export async function recordStatusFromStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const statuses: string[] = []
    ;(window as unknown as { __statusLog: string[] }).__statusLog = statuses
    const read = () => {
      const value = document.querySelector('[data-testid="account-status"]')?.textContent
      if (value && statuses.at(-1) !== value) statuses.push(value)
    }
    new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/** Opens the modal and picks `walletName` in the Connect list. */
export async function chooseWallet(page: Page, walletName: string): Promise<void> {
  await page.getByTestId('open-modal').click()
  await modal(page).getByTestId('portico-connect').waitFor()
  await modal(page).getByRole('button', { name: walletName, exact: true }).click()
}

/** Connects `walletName` through the modal and waits until the demo shows the account as connected. */
export async function connectThroughModal(page: Page, walletName = TEST_WALLET_NAME): Promise<void> {
  await chooseWallet(page, walletName)
  await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
}

/** The methods a test wallet received after the first `from` calls. */
export const methodsSince = (wallet: TestWalletHandle, from: number) => wallet.calls.slice(from).map((c) => c.method)
