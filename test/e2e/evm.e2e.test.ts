// Issue 4, "Browser wallets on EVM, end to end against a local chain", in real Chromium:
// the built demo under its strict CSP, two local Hardhat nodes where the demo's networks
// point (8545 "Hardhat" 31337, 8546 "Hardhat 2" 31338), and the EIP-6963 test wallet
// (signing in Node with viem, key never in the page) with the demo's dev wallet off.
import type { Browser } from 'playwright-core'
import { type Hex, hexToString, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc } from '../peers/hardhat.ts'
import type { ApproveFn } from '../peers/testWallet.ts'
import {
  type DemoPage,
  type ServedDemo,
  TEST_WALLET_NAME,
  TEST_WALLET_RDNS,
  assertCleanPage,
  balanceWei,
  buildAndServeDemo,
  chooseWallet,
  connectThroughModal,
  currentView,
  expectedBalanceText,
  methodsSince,
  modal,
  openDemo,
  recordStatusFromStart,
  recording,
  startDemoChains,
  startRecording,
  text,
} from './evmSupport.ts'
import { launchBrowser } from './harness.ts'

const ADDRESS = HARDHAT_ACCOUNT_0.address
let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
const pages: DemoPage[] = []

beforeAll(async () => {
  ;[node1, node2] = await startDemoChains()
  ;[demo, browser] = await Promise.all([buildAndServeDemo(), launchBrowser()])
}, 120_000)

afterAll(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
  await browser?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

/** The demo with the test wallet (Hardhat account #0; knows 31337 only) and nothing else announced. */
async function open(approve?: ApproveFn) {
  const page = await openDemoWithWallet(approve)
  pages.push(page)
  return { ...page, wallet: page.wallets[0]! }
}

function openDemoWithWallet(approve?: ApproveFn) {
  return openDemo(browser, demo.server.url, [
    {
      name: TEST_WALLET_NAME,
      rdns: TEST_WALLET_RDNS,
      rpcUrls: { 31337: node1.url, 31338: node2.url },
      knownChainIds: [31337],
      ...(approve ? { approve } : {}),
    },
  ])
}

const storage = (page: DemoPage['page'], key: string) =>
  page.evaluate((k) => {
    const raw = localStorage.getItem(k)
    return raw === null ? null : (JSON.parse(raw) as unknown)
  }, key)

describe('connect (issue 4 item 3, connection status)', () => {
  it('Connect list → ConnectingExternal → connected; account state and the balance equal the node’s own figures', async () => {
    const { page, wallet, ...recorded } = await open()
    await page.getByTestId('open-modal').click()
    await modal(page).getByTestId('portico-connect').waitFor()
    expect(await currentView(page)).toBe('Connect')
    await startRecording(page)
    await modal(page).getByRole('button', { name: TEST_WALLET_NAME, exact: true }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')

    const log = await recording(page)
    expect(log.views.map((v) => v.value)).toEqual(['Connect', 'ConnectingExternal'])
    expect(log.status.map((s) => s.value)).toEqual(['disconnected', 'connecting', 'connected'])
    const clicked = log.clicks.at(-1)!
    const connected = log.status.at(-1)!.at
    const ms = connected - clicked
    console.log(`[evm e2e] connect-to-connected (click on the wallet → status connected, in-page performance.now): ${ms.toFixed(1)} ms`)
    expect(ms).toBeGreaterThan(0)

    // The modal closes on success (not embedded), and the demo shows the account state.
    await expect.poll(() => currentView(page)).toBeNull()
    expect(await text(page, 'account-address')).toBe(ADDRESS)
    expect(await text(page, 'account-caip-address')).toBe(`eip155:31337:${ADDRESS}`)
    expect(await text(page, 'account-connected')).toBe('true')
    expect(await text(page, 'network-name')).toBe('Hardhat')
    expect(await text(page, 'network-chain-id')).toBe('31337')

    // Balance: what the node itself says, formatted (3 decimals, truncated).
    const wei = await balanceWei(node1, ADDRESS)
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedBalanceText(wei))
    const [whole, fraction = ''] = expectedBalanceText(wei).replace(' ETH', '').split('.')
    const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(Number(`${whole}.${fraction || '0'}`))
    expect(await page.locator('[data-part="balance"]').innerText()).toBe(`${grouped} ETH`)

    // Remembered for the next visit (local storage).
    expect(await storage(page, '@portico/connected_connector_ids')).toEqual({ eip155: TEST_WALLET_RDNS })
    expect(await storage(page, '@portico/active_caip_network_id')).toBe('eip155:31337')
    expect(await storage(page, '@portico/connection_status')).toBe('connected')
    expect(wallet.prompts.map((p) => [p.method, p.approved])).toEqual([['eth_requestAccounts', true]])
    assertCleanPage({ page, ...recorded })
  })
})

describe('network switching (issue 4 item 5)', () => {
  it('to "Hardhat 2" and back through the demo’s select: 4902 → wallet_addEthereumChain → switch; address and balance follow', async () => {
    const { page, wallet, ...recorded } = await open()
    await connectThroughModal(page)
    const before = wallet.calls.length

    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat 2' })
    await expect.poll(() => text(page, 'account-caip-address')).toBe(`eip155:31338:${ADDRESS}`)
    expect(await text(page, 'network-name')).toBe('Hardhat 2')
    expect(await text(page, 'network-chain-id')).toBe('31338')
    expect(wallet.state().chainId).toBe(31338)
    const walletCalls = () => wallet.calls.slice(before).filter((c) => c.method.startsWith('wallet_'))
    expect(walletCalls()).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
      {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6a',
            chainName: 'Hardhat 2',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: ['http://127.0.0.1:8546'],
          },
        ],
      },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
    expect(wallet.prompts.slice(1).map((p) => p.method)).toEqual(['wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    // The balance is re-read on the new chain, from its own node.
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node2, ADDRESS)))
    expect(await storage(page, '@portico/active_caip_network_id')).toBe('eip155:31338')

    // Back: the wallet knows 31337, so one switch and no add.
    const back = wallet.calls.length
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat' })
    await expect.poll(() => text(page, 'account-caip-address')).toBe(`eip155:31337:${ADDRESS}`)
    expect(wallet.calls.slice(back).filter((c) => c.method.startsWith('wallet_'))).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }])
    expect(wallet.state().chainId).toBe(31337)
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node1, ADDRESS)))
    assertCleanPage({ page, ...recorded })
  })
})

describe('wallet events (issue 4 item 4: accountsChanged, chainChanged update state live)', () => {
  it('the wallet switching chain itself moves the demo to that network; a refused switch leaves everything as it was; locking disconnects', async () => {
    const refuse = new Set<string>()
    const page = await openDemo(browser, demo.server.url, [
      {
        name: TEST_WALLET_NAME,
        rdns: TEST_WALLET_RDNS,
        rpcUrls: { 31337: node1.url, 31338: node2.url },
        knownChainIds: [31337, 31338],
        approve: (method) => !refuse.has(method),
      },
    ])
    pages.push(page)
    const wallet = page.wallets[0]!
    await connectThroughModal(page.page)

    await wallet.setChain(31338)
    await expect.poll(() => text(page.page, 'account-caip-address')).toBe(`eip155:31338:${ADDRESS}`)
    expect(await text(page.page, 'network-name')).toBe('Hardhat 2')

    // The wallet is asked first; its refusal changes nothing.
    refuse.add('wallet_switchEthereumChain')
    await page.page.getByLabel('Switch network').selectOption({ label: 'Hardhat' })
    await expect.poll(() => wallet.prompts.at(-1)).toMatchObject({ method: 'wallet_switchEthereumChain', approved: false })
    expect(await text(page.page, 'network-name')).toBe('Hardhat 2')
    expect(await text(page.page, 'account-caip-address')).toBe(`eip155:31338:${ADDRESS}`)
    expect(await page.page.getByLabel('Switch network').inputValue()).toBe('eip155:31338')
    expect(wallet.state().chainId).toBe(31338)

    await wallet.lock()
    await expect.poll(() => text(page.page, 'account-status')).toBe('disconnected')
    expect(await storage(page.page, '@portico/connected_connector_ids')).toEqual({})
    assertCleanPage(page)
  })
})

describe('signing and sending with usePorticoProvider (issue 4 item 8)', () => {
  it('"Sign message": personal_sign through the wallet; the signature verifies in Node with viem', async () => {
    const { page, wallet, ...recorded } = await open()
    await connectThroughModal(page)
    await page.getByRole('button', { name: 'Sign message' }).click()
    const result = page.getByTestId('result')
    await expect.poll(() => result.getAttribute('data-kind')).toBe('signature')
    const signature = (await result.innerText()) as Hex
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address: ADDRESS, message: 'Hello from Portico', signature })).toBe(true)
    const call = wallet.calls.find((c) => c.method === 'personal_sign')!
    const [message, signer] = call.params as [Hex, string]
    expect(hexToString(message)).toBe('Hello from Portico')
    expect(signer.toLowerCase()).toBe(ADDRESS.toLowerCase())
    assertCleanPage({ page, ...recorded })
  })

  it('"Send transaction": 0.001 ETH to account #1, mined on the node (status 0x1), the receiver’s balance up by exactly that', async () => {
    const { page, ...recorded } = await open()
    await connectThroughModal(page)
    const receiverBefore = await balanceWei(node1, HARDHAT_ACCOUNT_1.address)
    await page.getByRole('button', { name: 'Send transaction' }).click()
    const result = page.getByTestId('result')
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 15_000 }).toBe('transaction')
    const hash = await result.innerText()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await rpc<{ status: string; from: string; to: string }>(node1.url, 'eth_getTransactionReceipt', [hash])
    expect(receipt).toMatchObject({ status: '0x1', from: ADDRESS.toLowerCase(), to: HARDHAT_ACCOUNT_1.address.toLowerCase() })
    expect(await balanceWei(node1, HARDHAT_ACCOUNT_1.address)).toBe(receiverBefore + parseEther('0.001'))
    assertCleanPage({ page, ...recorded })
  })
})

describe('reject paths (issue 4 item 3, "the user’s rejection shown clearly, not as a crash")', () => {
  it('a refused connection shows why with Try again and stays disconnected; a refused signature shows the error text; no uncaught error', async () => {
    const refuse = new Set(['eth_requestAccounts'])
    const { page, wallet, ...recorded } = await open((method) => !refuse.has(method))
    await chooseWallet(page, TEST_WALLET_NAME)

    const declined = modal(page).getByRole('alert')
    await expect.poll(() => declined.innerText()).toContain('Connection declined')
    expect(await declined.innerText()).toContain('The request was rejected in the wallet')
    expect(await currentView(page)).toBe('ConnectingExternal')
    expect(await text(page, 'account-status')).toBe('disconnected')
    expect(await text(page, 'account-address')).toBe('—')
    expect(await storage(page, '@portico/connected_connector_ids')).toBeNull()
    expect(wallet.state().authorized).toBe(false)

    // Try again, and this time the person accepts.
    refuse.delete('eth_requestAccounts')
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    expect(wallet.prompts.map((p) => [p.method, p.approved])).toEqual([
      ['eth_requestAccounts', false],
      ['eth_requestAccounts', true],
    ])

    refuse.add('personal_sign')
    await page.getByRole('button', { name: 'Sign message' }).click()
    const result = page.getByTestId('result')
    await expect.poll(() => result.getAttribute('data-kind')).toBe('error')
    expect(await result.innerText()).toBe('Error: User rejected the request.')
    expect(await text(page, 'account-status')).toBe('connected')
    assertCleanPage({ page, ...recorded })
  })
})

describe('disconnect and reload (issue 4 items 4 and 7)', () => {
  it('Disconnect: status disconnected, storage cleared, the wallet’s revoke called, no provider for the app', async () => {
    const { page, wallet, ...recorded } = await open()
    await connectThroughModal(page)
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => text(page, 'account-status')).toBe('disconnected')
    expect(await text(page, 'account-address')).toBe('—')
    expect(await storage(page, '@portico/connection_status')).toBe('disconnected')
    expect(await storage(page, '@portico/connected_connector_ids')).toEqual({})
    expect(await storage(page, '@portico/connected_namespaces')).toEqual([])
    await expect.poll(() => wallet.calls.find((c) => c.method === 'wallet_revokePermissions')?.params).toEqual([{ eth_accounts: {} }])
    expect(wallet.state().authorized).toBe(false)
    // usePorticoProvider gives nothing now: the buttons that need it are off.
    expect(await page.getByRole('button', { name: 'Sign message' }).isDisabled()).toBe(true)
    assertCleanPage({ page, ...recorded })
  })

  it('a reload reconnects without a prompt: connecting → connected, the wallet’s prompt count does not grow', async () => {
    const { page, wallet, ...recorded } = await open()
    await connectThroughModal(page)
    const prompts = wallet.prompts.length
    const calls = wallet.calls.length
    await recordStatusFromStart(page)
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    const statuses = await page.evaluate(() => (window as unknown as { __statusLog: string[] }).__statusLog)
    expect(statuses.slice(statuses.indexOf('connecting'))).toEqual(['connecting', 'connected'])
    expect(await text(page, 'account-address')).toBe(ADDRESS)
    expect(wallet.prompts.length).toBe(prompts)
    const after = methodsSince(wallet, calls)
    expect(after).toContain('eth_accounts')
    expect(after).not.toContain('eth_requestAccounts')
    assertCleanPage({ page, ...recorded })
  })
})

describe('untrusted wallet metadata (issue 4 "a malicious name and a javascript: icon")', () => {
  it('renders the name as text in the Connect list, no <img> for it, and nothing runs', async () => {
    const evilName = '<img src=x onerror="window.__pwned=1">'
    const page = await openDemo(browser, demo.server.url, [
      { name: TEST_WALLET_NAME, rdns: TEST_WALLET_RDNS, rpcUrls: { 31337: node1.url }, knownChainIds: [31337] },
      { name: evilName, rdns: 'org.evil.wallet', icon: 'javascript:window.__pwned=1', rpcUrls: { 31337: node1.url }, knownChainIds: [31337] },
    ])
    pages.push(page)
    await page.page.getByTestId('open-modal').click()
    await modal(page.page).getByTestId('portico-connect').waitFor()
    const name = modal(page.page).getByText(evilName, { exact: true })
    await name.waitFor()
    const item = modal(page.page).getByRole('button', { name: evilName, exact: true })
    expect(await item.locator('img').count()).toBe(0)
    expect(await item.locator('svg[data-placeholder]').count()).toBe(1)
    // The honest wallet beside it keeps its data: icon.
    expect(await modal(page.page).getByRole('button', { name: TEST_WALLET_NAME, exact: true }).locator('img').count()).toBe(1)
    const injected = await page.page.evaluate(() => {
      const root = document.querySelector('portico-modal')!.shadowRoot!
      return {
        imgX: root.querySelectorAll('img[src="x"]').length,
        onerror: root.querySelectorAll('[onerror]').length,
        javascriptSrc: [...root.querySelectorAll('[src]')].filter((el) => /^javascript:/i.test(el.getAttribute('src') ?? '')).length,
      }
    })
    expect(injected).toEqual({ imgX: 0, onerror: 0, javascriptSrc: 0 })
    await page.page.waitForTimeout(200)
    expect(await page.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(page.requests.filter((url) => new URL(url).pathname === '/x')).toEqual([])
    assertCleanPage(page)
  })
})
