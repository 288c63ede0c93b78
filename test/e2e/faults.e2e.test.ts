// Issue 18 item 3, faults, in real Chromium through the built demo (strict CSP) with the
// EIP-6963 test wallet on the demo's Hardhat chains (8545, 8546) and its Blockchain API
// (8702): storage that is full or throws, the secure frame's server down (8700, nothing
// listening), the API answering 5xx or never answering, and two tabs of one site. Each
// test says what the visitor sees and checks that nothing was lost.
// The relay and the EVM node failing have their own files (faults.walletconnect,
// faults.send): they stop peers the other tests here need.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNT_0, type HardhatNode, assertPortFree } from '../peers/hardhat.ts'
import { type TestWalletHandle, installTestWallet } from '../peers/testWallet.ts'
import { type ServedDemo, TEST_WALLET_NAME, TEST_WALLET_RDNS, buildAndServeDemo, connectThroughModal, currentView, modal, startDemoChains, text } from './evmSupport.ts'
import { type RecordedPage, launchBrowser } from './harness.ts'
import { assertCleanPage, inModal, openPage } from './modalHarness.ts'

const ADDRESS = HARDHAT_ACCOUNT_0.address
/** demo/config.ts: endpoints.frame and endpoints.blockchainApi. */
const FRAME_PORT = 8700
const API = 'http://127.0.0.1:8702'

let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;[node1, node2] = await startDemoChains()
  ;[demo, browser] = await Promise.all([buildAndServeDemo(), launchBrowser()])
}, 120_000)

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

const walletOptions = {
  name: TEST_WALLET_NAME,
  rdns: TEST_WALLET_RDNS,
  rpcUrls: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
  privateKey: HARDHAT_ACCOUNT_0.privateKey,
  knownChainIds: [31337],
}

/** The demo (its dev wallet off) with the test wallet, and `before` run ahead of the page's first byte. */
async function open(before?: (page: Page) => Promise<unknown>): Promise<RecordedPage & { wallet: TestWalletHandle }> {
  let wallet: TestWalletHandle | undefined
  const recorded = await openPage(browser, `${demo.server.url}/?devwallet=off`, {
    before: async (page) => {
      wallet = await installTestWallet(page, walletOptions)
      await before?.(page)
    },
  })
  contexts.push(recorded.context)
  return { ...recorded, wallet: wallet! }
}

const status = (page: Page) => text(page, 'account-status')

/** "Sign message" in the demo, verified in Node: the connection really works, not just its label. */
async function signHello(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: 'Sign message' }).click()
  const result = page.getByTestId('result')
  await expect.poll(() => result.getAttribute('data-kind'), { timeout: 15_000 }).toBe('signature')
  return verifyMessage({ address: ADDRESS, message: 'Hello from Portico', signature: (await result.innerText()) as Hex })
}

// ---- storage -------------------------------------------------------------------------

/** Runs in the page before its scripts: every write to localStorage fails as on a full disk. */
function fillStorage() {
  Storage.prototype.setItem = function setItem() {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
}

/** Runs in the page before its scripts: touching localStorage throws, as in a sandboxed frame or with cookies blocked. */
function blockStorage() {
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError')
    },
  })
}

describe('storage that fails: the kit keeps its state in memory', () => {
  it.each([
    ['full (every setItem throws QuotaExceededError)', fillStorage],
    ['blocked (the localStorage getter throws SecurityError)', blockStorage],
  ])('storage %s: connect, sign and disconnect work; nothing is kept, nothing crashes', async (_label, breakStorage) => {
    const recorded = await open((page) => page.addInitScript(breakStorage))
    const { page, wallet } = recorded
    await connectThroughModal(page)
    expect(await text(page, 'account-address')).toBe(ADDRESS)
    await expect.poll(() => currentView(page)).toBeNull()
    expect(await signHello(page)).toBe(true)
    // The Account view opens and reads its tabs as usual.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await modal(page).getByRole('tab', { name: 'Tokens', exact: true }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => status(page)).toBe('disconnected')
    // Nothing was written: a reload starts disconnected, without asking the wallet anything.
    const calls = wallet.calls.length
    await page.reload({ waitUntil: 'load' })
    await page.getByTestId('open-modal').waitFor()
    await page.waitForTimeout(500)
    expect(await status(page)).toBe('disconnected')
    expect(wallet.calls.slice(calls).map((c) => c.method)).not.toContain('eth_requestAccounts')
    // ...and connecting again works on the same broken storage.
    await connectThroughModal(page)
    expect(await text(page, 'account-address')).toBe(ADDRESS)
    assertCleanPage(recorded)
  })
})

// ---- the secure frame's server down --------------------------------------------------

describe('the secure frame server down (nothing on 8700)', () => {
  it("the email field shows 'Unable to load email login dependency'; the browser wallets still connect", async () => {
    await assertPortFree(FRAME_PORT)
    const recorded = await open()
    const { page } = recorded
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    const started = Date.now()
    await inModal(page).getByRole('textbox', { name: 'Email' }).focus()
    await inModal(page).getByText('Unable to load email login dependency').waitFor({ timeout: 30_000 })
    console.info(`[faults] frame server down: 'Unable to load email login dependency' after ${Date.now() - started} ms`)
    // The rest of the Connect view works: the test wallet connects from the same open modal.
    await modal(page).getByRole('button', { name: TEST_WALLET_NAME, exact: true }).click()
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
    expect(await signHello(page)).toBe(true)
    assertCleanPage(recorded)
  })
})

// ---- the Blockchain API failing ------------------------------------------------------

const tab = (page: Page, name: string) => modal(page).getByRole('tab', { name, exact: true })

/** Connected, with every Blockchain API request answered by `answer`; the Account view open. */
async function openAccountWithApi(answer: (route: Route) => unknown) {
  const recorded = await open((page) => page.route(`${API}/**`, answer))
  const { page } = recorded
  await connectThroughModal(page)
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  return recorded
}

describe('the Blockchain API failing', () => {
  it("answering 503 to everything: 'Token Balance Unavailable' and 'Failed to fetch transactions' at once; the account stays connected and usable", async () => {
    const recorded = await openAccountWithApi((route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"reason":"UNAVAILABLE","message":"down for maintenance"}' }),
    )
    const { page } = recorded
    await expect.poll(() => modal(page).getByTestId('portico-snack').innerText(), { timeout: 5_000 }).toContain('Token Balance Unavailable')
    await modal(page).getByTestId('tokens-empty').waitFor({ timeout: 5_000 })
    await tab(page, 'Activity').click()
    await expect.poll(() => modal(page).getByTestId('activity-error').innerText(), { timeout: 5_000 }).toBe('Failed to fetch transactions')
    // The account itself does not depend on the API: still connected, and it signs.
    await page.keyboard.press('Escape')
    expect(await status(page)).toBe('connected')
    expect(await signHello(page)).toBe(true)
    // Chromium logs each refused request; those are the only console errors.
    assertCleanPage(recorded, [/status of 503/])
  })

  it("never answering: after 10 s each read fails ('Token Balance Unavailable', 'Failed to fetch transactions') instead of loading forever", async () => {
    const held: Route[] = []
    const recorded = await openAccountWithApi((route) => void held.push(route))
    const { page } = recorded
    const opened = Date.now()
    await tab(page, 'Activity').click()
    const failed = modal(page).getByTestId('activity-error')
    await failed.waitFor({ timeout: 20_000 })
    const took = Date.now() - opened
    console.info(`[faults] API never answering: 'Failed to fetch transactions' ${took} ms after the Account view opened`)
    expect(await failed.innerText()).toBe('Failed to fetch transactions')
    // 10 s after the request left, not before; a little more for the page's own work.
    expect(took).toBeGreaterThanOrEqual(10_000)
    expect(took).toBeLessThan(15_000)
    await tab(page, 'Tokens').click()
    await modal(page).getByTestId('tokens-empty').waitFor({ timeout: 5_000 })
    expect(held.length).toBeGreaterThan(0)
    await page.keyboard.press('Escape')
    expect(await status(page)).toBe('connected')
    assertCleanPage(recorded)
  })
})

// ---- two tabs ------------------------------------------------------------------------

describe('two tabs of the same site (one browser context, one wallet extension)', () => {
  it('connect in one, the other follows without a prompt; disconnect in either, the other follows; nothing lost or doubled', async () => {
    const context = await browser.newContext()
    contexts.push(context)
    const wallet = await installTestWallet(context, walletOptions)
    const tabs: RecordedPage[] = []
    for (let i = 0; i < 2; i += 1) {
      const page = await context.newPage()
      const recorded: RecordedPage = { page, context, requests: [], consoleErrors: [], cspViolations: [] }
      page.on('request', (request) => recorded.requests.push(request.url()))
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) recorded.cspViolations.push({ source: 'console', text: message.text() })
        if (message.type() === 'error') recorded.consoleErrors.push(message.text())
      })
      page.on('pageerror', (error) => recorded.consoleErrors.push(`uncaught: ${error.message}`))
      await page.goto(`${demo.server.url}/?devwallet=off`, { waitUntil: 'load' })
      await page.getByTestId('open-modal').waitFor()
      tabs.push(recorded)
    }
    const [a, b] = tabs.map((t) => t.page) as [Page, Page]
    const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key)
    const prompts = () => wallet.prompts.filter((p) => p.method === 'eth_requestAccounts').length

    // Connect in A: B follows, without a prompt of its own.
    await connectThroughModal(a)
    await expect.poll(() => status(b), { timeout: 10_000 }).toBe('connected')
    expect(await text(b, 'account-address')).toBe(ADDRESS)
    expect(prompts()).toBe(1)
    expect(await signHello(b)).toBe(true)

    // Disconnect in B: A follows.
    await b.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => status(b)).toBe('disconnected')
    await expect.poll(() => status(a), { timeout: 10_000 }).toBe('disconnected')
    expect(await text(a, 'account-address')).toBe('—')

    // Connect in B, disconnect in A: B follows both ways.
    await connectThroughModal(b)
    await expect.poll(() => status(a), { timeout: 10_000 }).toBe('connected')
    await a.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => status(b), { timeout: 10_000 }).toBe('disconnected')

    // What the site keeps is one record, as after a single tab: no doubled wallet, no stale connection.
    expect(await stored(a, '@portico/connection_status')).toBe('disconnected')
    expect(await stored(a, '@portico/connected_connector_ids')).toEqual({})
    expect(await stored(a, '@portico/recent_wallets')).toEqual([expect.objectContaining({ id: TEST_WALLET_RDNS })])

    // A reload of either agrees.
    await a.reload({ waitUntil: 'load' })
    await a.getByTestId('open-modal').waitFor()
    await a.waitForTimeout(500)
    expect(await status(a)).toBe('disconnected')
    for (const t of tabs) assertCleanPage(t)
  })
})
