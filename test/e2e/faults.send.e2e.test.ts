// Issue 18 item 3, the EVM node stopping during a send, in real Chromium through the built
// demo: the EIP-6963 test wallet reaches Hardhat "Hardhat" (8545) through a pass-through
// (test/peers/rpcFaultProxy.ts) that stops the node at the exact moment a test names:
// just before the wallet submits the signed transaction, or just after the node took it.
// The hash the kit reports is read from the demo's "last sent transaction" (the send
// plugin's SEND_SUCCESS event). Ports: 8545/8546 (the demo's chains) and 8702 (its API).
import type { Browser, Page } from 'playwright-core'
import { type Hash, createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type HardhatNode, ownPorts, startHardhat } from '../peers/hardhat.ts'
import { type RpcFaultProxy, startRpcFaultProxy } from '../peers/rpcFaultProxy.ts'
import {
  type DemoPage,
  type ServedDemo,
  TEST_WALLET_NAME,
  TEST_WALLET_RDNS,
  assertCleanPage,
  buildAndServeDemo,
  connectThroughModal,
  currentView,
  modal,
  openDemo,
  startDemoChains,
  text,
} from './evmSupport.ts'
import { launchBrowser } from './harness.ts'

let node1: HardhatNode
let node2: HardhatNode
let proxy: RpcFaultProxy
let demo: ServedDemo
let browser: Browser
const pages: DemoPage[] = []

let releasePorts: (() => void) | undefined

beforeAll(async () => {
  // These tests stop the node on 8545 and start it again: a node of their own, not the run's shared one.
  releasePorts = await ownPorts(8545)
  ;[node1, node2] = await startDemoChains()
  ;[demo, browser, proxy] = await Promise.all([buildAndServeDemo(), launchBrowser(), startRpcFaultProxy('http://127.0.0.1:8545')])
}, 120_000)

afterEach(async () => {
  proxy.intercept(undefined)
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await demo?.dispose()
  await proxy?.close()
  await Promise.all([node1?.stop(), node2?.stop()])
  releasePorts?.()
})

const chain = () => createPublicClient({ transport: http(node1.url) })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const snack = (page: Page) => modal(page).getByTestId('portico-snack').innerText()

/** Connected with the test wallet (its node: the proxy), on the Send form with the fee read, `amount` ETH to `receiver` reviewed. */
async function reviewSend(amount: string, receiver: string): Promise<DemoPage> {
  const recorded = await openDemo(browser, demo.server.url, [{ name: TEST_WALLET_NAME, rdns: TEST_WALLET_RDNS, rpcUrls: { 31337: proxy.url }, knownChainIds: [31337] }])
  pages.push(recorded)
  const { page } = recorded
  await connectThroughModal(page)
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  await modal(page).getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click()
  await expect.poll(() => modal(page).getByTestId('send-fee').innerText(), { timeout: 15_000 }).toMatch(/^Network fee /)
  await modal(page).getByLabel('Amount', { exact: true }).fill(amount)
  await modal(page).getByLabel('To', { exact: true }).fill(receiver)
  await modal(page).getByRole('button', { name: 'Review send' }).click()
  await expect.poll(() => currentView(page)).toBe('WalletSendPreview')
  return recorded
}

const pressSend = (page: Page) => modal(page).getByRole('button', { name: 'Send', exact: true }).click()

/** Chromium logs each request to the stopped node as a failed load; those are expected, nothing else is. */
function assertCleanBesidesStoppedNode(recorded: DemoPage): void {
  const stoppedNode = /ERR_CONNECTION_REFUSED|Failed to load resource/
  recorded.consoleErrors.splice(0, recorded.consoleErrors.length, ...recorded.consoleErrors.filter((line) => !stoppedNode.test(line)))
  assertCleanPage(recorded)
}

describe('the EVM node stopping during a send', () => {
  it("stopped just before the wallet submits: 'Something went wrong', the review keeps amount and receiver; with the node back, Send again lands exactly once", async () => {
    const receiver = freshAddress()
    const recorded = await reviewSend('0.5', receiver)
    const { page } = recorded
    proxy.intercept(async (method, forward) => {
      if (method === 'eth_sendRawTransaction') await node1.stop()
      return forward()
    })
    await pressSend(page)
    await expect.poll(() => snack(page), { timeout: 20_000 }).toContain('Something went wrong')
    // Nothing reported as sent, and nothing the visitor typed is lost.
    expect(await text(page, 'last-sent-hash')).toBe('—')
    expect(await currentView(page)).toBe('WalletSendPreview')
    expect(await modal(page).getByTestId('send-preview-amount').innerText()).toMatch(/^0\.5 ETH/)
    expect(await modal(page).getByTestId('send-preview-receiver').innerText()).toBe(receiver)

    // The node comes back (a fresh chain on the same port); the same review is sent again.
    proxy.intercept(undefined)
    node1 = await startHardhat({ port: 8545, chainId: 31337 })
    await pressSend(page)
    await expect.poll(() => currentView(page), { timeout: 20_000 }).toBe('Account')
    await expect.poll(() => snack(page)).toContain('Transaction started')
    const hash = (await text(page, 'last-sent-hash')) as Hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await chain().getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', to: receiver.toLowerCase() })
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.5'))
    expect(proxy.methods.filter((m) => m === 'eth_sendRawTransaction').length).toBeGreaterThanOrEqual(2)
    assertCleanBesidesStoppedNode(recorded)
  })

  it("stopped just after the node took the transaction: 'Transaction started' and the hash the node answered is reported; nothing crashes with the node gone", async () => {
    const recorded = await reviewSend('0.25', freshAddress())
    const { page } = recorded
    let submitted: string | undefined
    proxy.intercept(async (method, forward) => {
      const answer = await forward()
      if (method === 'eth_sendRawTransaction') {
        submitted = (JSON.parse(answer) as { result?: string }).result
        await node1.stop()
      }
      return answer
    })
    await pressSend(page)
    await expect.poll(() => currentView(page), { timeout: 20_000 }).toBe('Account')
    await expect.poll(() => snack(page)).toContain('Transaction started')
    expect(submitted).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => text(page, 'last-sent-hash')).toBe(submitted)
    // The page lives on without its node: the account is still there and the modal still works.
    await page.waitForTimeout(1_000)
    expect(await text(page, 'account-status')).toBe('connected')
    await page.keyboard.press('Escape')
    await expect.poll(() => currentView(page)).toBeNull()
    assertCleanBesidesStoppedNode(recorded)
  })
})
