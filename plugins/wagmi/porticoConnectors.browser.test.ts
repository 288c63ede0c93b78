import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, type EmbeddedStack, startEmbeddedStack } from '../../demo/peers/embedded.ts'
import { startDemoServer } from '../../demo/server.mjs'
import { approveInFrame, codeIn, emailLogin, enterCode, followApprovalLink, uniqueEmail } from '../../test/e2e/emailLogin.ts'
import { type DemoServer, type RecordedPage, buildTestPage, launchBrowser, newPage } from '../../test/e2e/harness.ts'
import { inModal, throwFirstFailure, valueOf, waitForModal, waitForView } from '../../test/e2e/modalHarness.ts'
import { freePort } from '../../test/peers/freePort.ts'
import type { ConnectorsApp } from '../../test/unit/wagmiConnectorsPage/main.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { startWcWallet } from '../../test/peers/wcWallet.mjs'

// porticoConnectors in a wagmi app that does NOT list wagmiPlugin (test/unit/wagmiConnectorsPage: its own
// connect UI calls wagmi's connect({ connector })), built from the sources, in Chromium, with
// the secure frame server on a second origin and the local SMTP sink, Hardhat on a free port.
// WalletConnect's connector pairs over the local relay with a sign-client wallet in Node.
// Everything listens on 127.0.0.1, port 0.

declare global {
  interface Window {
    app: ConnectorsApp
    connecting?: Promise<string | undefined>
  }
}

let browser: Browser
let server: DemoServer
let stack: EmbeddedStack
let node: HardhatNode
let relay: Relay
const mail = emailLogin(() => stack.mailboxUrl!)

beforeAll(async () => {
  const started = await Promise.allSettled([
    buildTestPage('test/unit/wagmiConnectorsPage', 'main.ts'),
    launchBrowser(),
    freePort().then((port) => startHardhat({ port })),
    startRelay({ port: 0 }),
  ])
  browser = valueOf(started[1])!
  node = valueOf(started[2])!
  relay = valueOf(started[3])!
  throwFirstFailure(started)
  server = await startDemoServer({ port: 0, root: valueOf(started[0])!.dir })
  stack = await startEmbeddedStack({ hostOrigins: [new URL(server.url).origin] })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await stack?.close()
  await server?.close()
  await node?.stop()
  await relay?.stop()
})

async function openApp(): Promise<{ recorded: RecordedPage; page: Page }> {
  const query = new URLSearchParams({ rpc: node.url, frame: stack.frameUrl, relay: relay.url, project: DEMO_PROJECT_ID })
  const recorded = await newPage(browser, `${server.url}/?${query}`)
  return { recorded, page: recorded.page }
}

describe('the embedded wallet connector, in an app without wagmiPlugin', () => {
  it("connect({ connector }) logs the visitor in through Portico's email view; wagmi's sendTransaction, approved in the frame, lands on Hardhat", async () => {
    const { recorded, page } = await openApp()
    try {
      expect(await page.evaluate(() => window.app.connectorIds())).toEqual(['portico.embedded', 'portico.walletConnect'])
      // Nothing of Portico's kit, nor the frame, before the connector is used.
      const frameOrigin = new URL(stack.frameUrl).origin
      expect(recorded.requests.filter((url) => url.startsWith(frameOrigin))).toEqual([])
      expect(await page.locator('portico-modal').count()).toBe(0)

      const email = uniqueEmail('wagmi-connector')
      const before = await mail.mailsTo(email)
      await page.evaluate(() => {
        ;window.connecting = window.app.connect('portico.embedded')
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
  }, 120_000)

  it('closing Portico’s login is a refusal: connect() rejects and wagmi stays disconnected', async () => {
    const { recorded, page } = await openApp()
    try {
      const refused = page.evaluate(() => window.app.connect('portico.embedded').then(() => 'connected', (error: Error) => error.name))
      await waitForView(page, 'Connect')
      await page.keyboard.press('Escape')
      await waitForModal(page, false)
      expect(await refused).toBe('UserRejectedRequestError')
      expect(await page.evaluate(() => window.app.status())).toBe('disconnected')
    } finally {
      await recorded.context.close()
    }
  }, 60_000)
})

describe('the WalletConnect connector, in an app without wagmiPlugin', () => {
  it("connect({ connector }) shows Portico's QR view and resolves when the wallet approves; wagmi's sendTransaction goes to the phone wallet", async () => {
    const wallet = await startWcWallet({ relayUrl: relay.url, privateKey: HARDHAT_ACCOUNT_0.privateKey, rpcUrls: { 31337: node.url } })
    const { recorded, page } = await openApp()
    try {
      await page.evaluate(() => {
        ;window.connecting = window.app.connect('portico.walletConnect')
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
  }, 120_000)
})
