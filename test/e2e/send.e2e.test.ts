// Issue 14: Send through the demo, as a person uses it, with the demo's dev wallet (Hardhat
// key #0, every request approved in its prompt) on the demo's Hardhat chain with the demo's
// test tokens (demo/peers/tokens.mjs), listed by the demo's Blockchain API. What landed is
// read from the node with viem.
// Ports: 8545/8546, the demo's chains, and 8702, its API (demo/config.ts).
import type { Browser, Page } from 'playwright-core'
import { type Address, type Hash, createPublicClient, erc20Abi, http, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi } from '../../demo/peers/api.ts'
import { deployDemoTokens } from '../../demo/peers/deployTokens.mjs'
import { DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { DEV_WALLET_NAME } from '../../demo/devWallet/info.ts'
import type { ApiServer } from '../../servers/api/index.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, rpc } from '../peers/hardhat.ts'
import { type DemoPage, type ServedDemo, assertCleanPage, buildAndServeDemo, chooseWallet, currentView, modal, openDemo, startDemoChains } from './evmSupport.ts'
import { launchBrowser } from './harness.ts'
import { expectNoAxeViolations } from './modalHarness.ts'
import { expectAccessibleInWalkLocales } from './a11yChecks.ts'

const DUSD = DEMO_TOKENS.find((token) => token.symbol === 'DUSD')!
const ADDRESS = HARDHAT_ACCOUNT_0.address as Address
let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
let api: ApiServer
let chain: ReturnType<typeof createPublicClient>
const pages: DemoPage[] = []

beforeAll(async () => {
  // The demo's server and Chromium need no chain: they start while the tokens are deployed.
  const chains = startDemoChains().then(async (nodes) => (await deployDemoTokens(nodes[0].url), nodes))
  ;[[node1, node2], demo, browser] = await Promise.all([chains, buildAndServeDemo({ api: false }), launchBrowser()])
  chain = createPublicClient({ transport: http(node1.url) })
  api = await startDemoApi({ hostOrigins: [demo.server.url], rpcUrls: { 'eip155:31337': node1.url, 'eip155:31338': node2.url } })
}, 180_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await api?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

/** The dev wallet's prompt: the page's own dialog, named by the wallet's label. */
const prompt = (page: Page) => page.getByRole('dialog', { name: DEV_WALLET_NAME })

async function approve(page: Page, expectText: string) {
  const dialog = prompt(page)
  await dialog.waitFor()
  expect(await dialog.innerText()).toContain(expectText)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** The demo with the dev wallet connected, the modal open on its Send form with the fee read. */
async function openSend(): Promise<DemoPage> {
  const recorded = await openDemo(browser, demo.server.url, [], '')
  pages.push(recorded)
  const { page } = recorded
  await chooseWallet(page, DEV_WALLET_NAME)
  await approve(page, 'asks to connect to your account')
  await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  await modal(page).getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click()
  await expect.poll(() => currentView(page)).toBe('WalletSend')
  await expect.poll(() => feeText(page), { timeout: 15_000 }).toMatch(/^Network fee /)
  return recorded
}

/** Picks a token by name once the API's list is there (its option reads "Demo Dollar: 1,000 DUSD"). */
async function chooseToken(page: Page, name: string) {
  const select = modal(page).getByLabel('Token')
  const label = () =>
    select
      .locator('option')
      .allInnerTexts()
      .then((texts) => texts.find((text) => text.startsWith(`${name}: `)))
  await expect.poll(label, { timeout: 15_000 }).toBeDefined()
  await select.selectOption({ label: (await label())! })
}

const feeText = (page: Page) => modal(page).getByTestId('send-fee').innerText()
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

async function fill(page: Page, amount: string, receiver: string) {
  await modal(page).getByLabel('Amount', { exact: true }).fill(amount)
  await modal(page).getByLabel('To', { exact: true }).fill(receiver)
}

/**
 * Review, check the review (axe; with `everyCheck`, every WCAG 2.2 AA check of a11yChecks.ts in
 * en and ar), Send, approve in the wallet; resolves when the modal is back on Account.
 */
async function reviewAndSend(page: Page, { everyCheck = false } = {}) {
  await modal(page).getByRole('button', { name: 'Review send' }).click()
  await expect.poll(() => currentView(page)).toBe('WalletSendPreview')
  if (everyCheck) await expectAccessibleInWalkLocales(page, 'WalletSendPreview')
  else await expectNoAxeViolations(page, 'the send review')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await approve(page, 'asks you to send a transaction')
  await expect.poll(() => currentView(page), { timeout: 15_000 }).toBe('Account')
  await expect.poll(() => modal(page).getByRole('status').innerText()).toContain('Transaction started')
}

/** The account's last transaction on the node (the one just sent) and its receipt. */
async function lastTransaction(): Promise<{ hash: Hash; status: string; to: string | null }> {
  const block = await chain.getBlock({ blockTag: 'latest', includeTransactions: true })
  const sent = block.transactions.filter((tx) => tx.from.toLowerCase() === ADDRESS.toLowerCase()).at(-1)
  if (!sent) throw new Error('the latest block has no transaction from the dev wallet')
  const receipt = await chain.getTransactionReceipt({ hash: sent.hash })
  return { hash: sent.hash, status: receipt.status, to: receipt.to }
}

async function withEth<T>(wei: bigint, run: () => Promise<T>): Promise<T> {
  const before = await rpc<string>(node1.url, 'eth_getBalance', [ADDRESS, 'latest'])
  await rpc(node1.url, 'hardhat_setBalance', [ADDRESS, toHex(wei)])
  try {
    return await run()
  } finally {
    await rpc(node1.url, 'hardhat_setBalance', [ADDRESS, before])
  }
}

describe('Send through the demo with the dev wallet (issue 14)', () => {
  it('1.5 ETH to a fresh address: the form passes axe, the review WCAG 2.2 AA in en and ar, light and dark, the dev wallet approves, the receipt is on chain and the receiver holds exactly 1.5 ETH', async () => {
    const recorded = await openSend()
    const { page } = recorded
    await expectNoAxeViolations(page, 'the send form')
    const receiver = freshAddress()
    await fill(page, '1.5', receiver)
    await reviewAndSend(page, { everyCheck: true })
    const sent = await lastTransaction()
    expect(sent).toMatchObject({ status: 'success', to: receiver.toLowerCase() })
    expect(await chain.getBalance({ address: receiver })).toBe(parseEther('1.5'))
    assertCleanPage(recorded)
  })

  it('1.5 DUSD (6 decimals, the USDT shape) to a fresh address: the receipt is on chain and the receiver holds exactly 1 500 000 base units', async () => {
    const recorded = await openSend()
    const { page } = recorded
    await chooseToken(page, 'Demo Dollar')
    const receiver = freshAddress()
    await fill(page, '1.5', receiver)
    await reviewAndSend(page)
    const sent = await lastTransaction()
    expect(sent).toMatchObject({ status: 'success', to: DUSD.address.toLowerCase() })
    expect(await chain.readContract({ address: DUSD.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(1_500_000n)
    assertCleanPage(recorded)
  })

  it('with tokens but no ETH, a DUSD send is refused by the insufficient-gas rule: the wallet is never asked', async () => {
    await withEth(0n, async () => {
      const recorded = await openSend()
      const { page } = recorded
      await chooseToken(page, 'Demo Dollar')
      await fill(page, '1', freshAddress())
      await modal(page).getByRole('button', { name: 'Review send' }).click()
      await expect.poll(() => modal(page).getByTestId('send-error').innerText()).toBe('Insufficient funds for gas')
      expect(await currentView(page)).toBe('WalletSend')
      expect(await prompt(page).count()).toBe(0)
      await expectNoAxeViolations(page, 'the send form refusing')
      assertCleanPage(recorded)
    })
  })

  it('a native send that would leave less than the fee (1 000 000 wei held, 500 000 sent) is refused by the same rule', async () => {
    await withEth(1_000_000n, async () => {
      const recorded = await openSend()
      const { page } = recorded
      await fill(page, '0.0000000000005', freshAddress())
      await modal(page).getByRole('button', { name: 'Review send' }).click()
      await expect.poll(() => modal(page).getByTestId('send-error').innerText()).toBe('Insufficient funds for gas')
      expect(await prompt(page).count()).toBe(0)
      assertCleanPage(recorded)
    })
  })
})
