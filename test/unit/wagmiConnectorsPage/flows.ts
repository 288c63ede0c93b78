// What a visitor does with Portico's wagmi connectors in this page, in Chromium: shared by
// plugins/wagmi/porticoConnectors.browser.test.ts (the page built from the sources, wagmi 3)
// and the wagmi example apps' package tests (the page built in an app's own install, from the
// packed tarball: wagmiConnectorsApp.ts). The page takes its peers from its query string.
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEMO_PROJECT_ID, type EmbeddedStack } from '../../../demo/peers/embedded.ts'
import { approveInFrame, codeIn, emailLogin, enterCode, followApprovalLink, uniqueEmail } from '../../e2e/emailLogin.ts'
import { type RecordedPage, newPage } from '../../e2e/harness.ts'
import { inModal, waitForModal, waitForView } from '../../e2e/modalHarness.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc } from '../../peers/hardhat.ts'
import type { Relay } from '../../peers/relay.mjs'
import { startWcWallet } from '../../peers/wcWallet.mjs'
import { TRANSFERS } from './calls.ts'
import type { ConnectorsApp } from './main.ts'

declare global {
  interface Window {
    app: ConnectorsApp
    connecting?: Promise<string | undefined>
  }
}

export interface ConnectorsPeers {
  readonly browser: Browser
  /** Where the page is served. */
  readonly pageUrl: string
  readonly node: HardhatNode
  readonly stack: EmbeddedStack
  readonly relay: Relay
}

async function openApp({ browser, pageUrl, node, stack, relay }: ConnectorsPeers): Promise<{ recorded: RecordedPage; page: Page }> {
  const query = new URLSearchParams({ rpc: node.url, frame: stack.frameUrl, relay: relay.url, project: DEMO_PROJECT_ID })
  const recorded = await newPage(browser, `${pageUrl}/?${query}`)
  return { recorded, page: recorded.page }
}

/** The page, its visitor logged in through the embedded wallet's connector (Portico's email view), with 1 ETH. */
async function loggedIn(peers: ConnectorsPeers) {
  const { stack, node } = peers
  const mail = emailLogin(() => stack.mailboxUrl!)
  const opened = await openApp(peers)
  const { page } = opened
  try {
    const email = uniqueEmail('wagmi-connector')
    const before = await mail.mailsTo(email)
    await page.evaluate(() => {
      window.connecting = window.app.connect('portico.embedded')
    })
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('textbox', { name: 'Email' }).fill(email)
    await inModal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await waitForView(page, 'EmailVerifyDevice')
    const link = await mail.nextMail(email, before)
    await followApprovalLink(page.context(), link)
    await waitForView(page, 'EmailVerifyOtp')
    await enterCode(page, codeIn(await mail.nextMail(email, [...before, link])))
    const address = (await page.evaluate(() => window.connecting)) as string
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect.poll(() => page.getByTestId('wagmi-address').textContent()).toBe(address)
    expect(await page.evaluate(() => window.app.status())).toBe('connected')
    await rpc(node.url, 'hardhat_setBalance', [address, '0xde0b6b3a7640000'])
    return { ...opened, address }
  } catch (error) {
    await opened.recorded.context.close()
    throw error
  }
}

/**
 * The embedded wallet's connector: nothing of the kit loads before it is used; connect({ connector })
 * logs the visitor in through Portico's email view; wagmi's sendTransaction, approved in the
 * frame, lands on Hardhat; wagmi's disconnect() ends the embedded wallet's session.
 */
export async function embeddedConnectorLogsInAndSends(peers: ConnectorsPeers) {
  const { stack, node } = peers
  const opened = await openApp(peers)
  try {
    expect(await opened.page.evaluate(() => window.app.connectorIds())).toEqual(['portico.embedded', 'portico.walletConnect'])
    // Nothing of Portico's kit, nor the frame, before the connector is used.
    const frameOrigin = new URL(stack.frameUrl).origin
    expect(opened.recorded.requests.filter((url) => url.startsWith(frameOrigin))).toEqual([])
    expect(await opened.page.locator('portico-modal').count()).toBe(0)
  } finally {
    await opened.recorded.context.close()
  }

  const { recorded, page, address } = await loggedIn(peers)
  try {
    const sent = page.evaluate((to) => window.app.send(to), HARDHAT_ACCOUNT_1.address)
    await approveInFrame(page)
    expect(await sent).toBe('success')
    const nonce = await rpc<string>(node.url, 'eth_getTransactionCount', [address, 'latest'])
    expect(Number(nonce)).toBe(1)

    // wagmi's disconnect() ends the embedded wallet's session too.
    await page.evaluate(() => window.app.disconnect())
    await expect.poll(() => page.getByTestId('wagmi-address').textContent()).toBe('Not connected')
  } finally {
    await recorded.context.close()
  }
}

/**
 * wagmi's useSendCalls with two transfers, through the embedded wallet's connector (its EOA:
 * no smart account on Hardhat): ONE approval in the frame, both transfers land on Hardhat, one
 * after another, and useWaitForCallsStatus reports 200 with two receipts. A batch that must be
 * atomic is refused with EIP-5792's code 5760 (viem's AtomicityNotSupportedError).
 */
export async function embeddedConnectorSendsCalls(peers: ConnectorsPeers) {
  const { node } = peers
  const { recorded, page, address } = await loggedIn(peers)
  try {
    const balance = async (of: string) => BigInt(await rpc<string>(node.url, 'eth_getBalance', [of, 'latest']))
    const before = await Promise.all(TRANSFERS.map((transfer) => balance(transfer.to)))
    expect(await page.evaluate(() => window.app.sendAtomicCalls())).toBe('AtomicityNotSupportedError 5760')

    await page.getByRole('button', { name: 'Send two transfers' }).click()
    await approveInFrame(page)
    await expect.poll(() => page.getByTestId('calls-status').textContent(), { timeout: 30_000 }).toBe('200')
    const hashes = (await page.getByTestId('calls-receipts').textContent())!.split(' ')
    expect(hashes).toHaveLength(2)
    for (const hash of hashes)
      expect(await rpc<{ status: string; from: string }>(node.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1', from: address.toLowerCase() })
    expect(await Promise.all(TRANSFERS.map((transfer) => balance(transfer.to)))).toEqual(TRANSFERS.map((transfer, index) => before[index]! + transfer.value))
    // Two transactions from the account, the batch's only ones: one approval sent both.
    expect(Number(await rpc<string>(node.url, 'eth_getTransactionCount', [address, 'latest']))).toBe(2)
  } finally {
    await recorded.context.close()
  }
}

/** Closing Portico's login is a refusal: connect() rejects and wagmi stays disconnected. */
export async function closingTheLoginRefuses(peers: ConnectorsPeers) {
  const { recorded, page } = await openApp(peers)
  try {
    const refused = page.evaluate(() =>
      window.app.connect('portico.embedded').then(
        () => 'connected',
        (error: Error) => error.name,
      ),
    )
    await waitForView(page, 'Connect')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)
    expect(await refused).toBe('UserRejectedRequestError')
    expect(await page.evaluate(() => window.app.status())).toBe('disconnected')
  } finally {
    await recorded.context.close()
  }
}

/**
 * The WalletConnect connector: connect({ connector }) shows Portico's QR view and resolves when
 * a sign-client wallet in Node, paired over the local relay, approves; wagmi's
 * sendTransaction goes to that wallet; wagmi's disconnect() ends the session.
 */
export async function walletConnectConnectorPairsAndSends(peers: ConnectorsPeers) {
  const { node, relay } = peers
  const wallet = await startWcWallet({ relayUrl: relay.url, privateKey: HARDHAT_ACCOUNT_0.privateKey, rpcUrls: { 31337: node.url } })
  const { recorded, page } = await openApp(peers)
  try {
    await page.evaluate(() => {
      window.connecting = window.app.connect('portico.walletConnect')
    })
    await waitForView(page, 'ConnectingWalletConnectBasic')
    const panel = inModal(page).getByTestId('portico-wc-pairing')
    await expect.poll(() => panel.getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair((await panel.getAttribute('data-uri'))!)
    expect(await page.evaluate(() => window.connecting)).toBe(HARDHAT_ACCOUNT_0.address)
    await expect.poll(() => page.getByTestId('wagmi-address').textContent()).toBe(HARDHAT_ACCOUNT_0.address)

    expect(await page.evaluate((to) => window.app.send(to), HARDHAT_ACCOUNT_1.address)).toBe('success')
    expect(wallet.requests.map((request) => request.method)).toContain('eth_sendTransaction')

    await page.evaluate(() => window.app.disconnect())
    await expect.poll(() => wallet.sessions()).toEqual([])
  } finally {
    await recorded.context.close()
    await wallet.stop()
  }
}
