// Issue 14 "the same on Solana", in real Chromium through the built demo: a Wallet Standard
// Solana test wallet (it signs in Node) sends SOL and the demo's SPL token "Local USD" from
// the Send view on "Solana Local" (the litesvm shim on 8899, LUSD made as `npm start`
// makes it). What landed is read from the cluster with web3.js. The token list comes from
// the Blockchain API on 8702 (demo/config.ts endpoints.blockchainApi), indexing the cluster.
// Ports: 8545/8546 (the demo's Hardhat chains), 8899/8900 (Solana Local), 8702 (the API).
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi } from '../../demo/peers/api.ts'
import { LOCAL_USD, createSolanaDemoToken, fundSolanaDemoAccount } from '../../demo/peers/solanaTokens.mjs'
import type { ApiServer } from '../../servers/api/index.ts'
import type { HardhatNode } from '../peers/hardhat.ts'
import { type SolanaRpc, startSolanaRpc } from '../peers/solanaRpc.mjs'
import { type SolanaApproveFn, type SolanaTestWalletHandle, installSolanaTestWallet } from '../peers/solanaTestWallet.ts'
import { type ServedDemo, assertCleanPage, buildAndServeDemo, currentView, modal, startDemoChains, text } from './evmSupport.ts'
import { type RecordedPage, launchBrowser, newPage } from './harness.ts'
import { expectNoAxeViolations } from './modalHarness.ts'

const WALLET = 'Portico Solana Send Wallet'
let chains: [HardhatNode, HardhatNode] | undefined
let sol: SolanaRpc | undefined
let api: ApiServer | undefined
let demo: ServedDemo | undefined
let browser: Browser | undefined
let connection: Connection
const pages: RecordedPage[] = []

beforeAll(async () => {
  const started = await Promise.allSettled([startDemoChains(), startSolanaRpc({ port: 8899 }), buildAndServeDemo({ api: false }), launchBrowser()])
  const [c, s, served, b] = started
  if (c.status === 'fulfilled') chains = c.value
  if (s.status === 'fulfilled') sol = s.value
  if (served.status === 'fulfilled') demo = served.value
  if (b.status === 'fulfilled') browser = b.value
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
  connection = new Connection(sol!.url, 'confirmed')
  await createSolanaDemoToken(sol!.url, { holders: [] })
  // The demo's API as `npm start` runs it (8702, PGlite in memory here), the cluster included.
  api = await startDemoApi({
    hostOrigins: [demo!.server.url],
    rpcUrls: { 'eip155:31337': chains![0].url, 'eip155:31338': chains![1].url },
    solanaRpcUrl: sol!.url,
  })
}, 180_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await demo?.dispose()
  await api?.close()
  await Promise.all([chains?.[0].stop(), chains?.[1].stop(), sol?.stop()])
})

const lamportsOf = async (address: string) => BigInt(await connection.getBalance(new PublicKey(address)))
const lusdOf = async (owner: string) => {
  const { value } = await connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(LOCAL_USD.mint) })
  return value.reduce((sum, account) => sum + BigInt(account.account.data.parsed.info.tokenAmount.amount), 0n)
}
const fresh = () => Keypair.generate().publicKey.toBase58()

interface Opened extends RecordedPage {
  readonly wallet: SolanaTestWalletHandle
}

/**
 * The demo with a Solana test wallet holding 2 SOL and 10 LUSD, connected on Solana Local;
 * the modal open on Send with the fee read.
 */
async function openSend(approve?: SolanaApproveFn): Promise<Opened> {
  const recorded = await newPage(browser!, 'about:blank')
  pages.push(recorded)
  const keypair = Keypair.generate()
  await fundSolanaDemoAccount(sol!.url, keypair.publicKey.toBase58(), { sol: 2, tokens: 10 })
  const wallet = await installSolanaTestWallet(recorded.page, { name: WALLET, keypair, rpcUrl: sol!.url, ...(approve ? { approve } : {}) })
  const { page } = recorded
  await page.goto(`${demo!.server.url}/?devwallet=off`, { waitUntil: 'load' })
  await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
  await expect.poll(() => text(page, 'network-name')).toBe('Solana Local')
  await page.getByTestId('open-modal').click()
  await modal(page).getByTestId('portico-connect').waitFor()
  await modal(page).getByRole('button', { name: WALLET, exact: true }).click()
  await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  await modal(page).getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click()
  await expect.poll(() => currentView(page)).toBe('WalletSend')
  await expect.poll(() => feeText(page), { timeout: 15_000 }).toMatch(/^Network fee /)
  return { ...recorded, wallet }
}

const feeText = (page: Page) => modal(page).getByTestId('send-fee').innerText()

async function fill(page: Page, amount: string, receiver: string) {
  await modal(page).getByLabel('Amount', { exact: true }).fill(amount)
  await modal(page).getByLabel('To', { exact: true }).fill(receiver)
}

/** Review, then Send; the test wallet approves in Node. Resolves once the snack says what happened. */
async function reviewAndSend(page: Page, snack: string) {
  await modal(page).getByRole('button', { name: 'Review send' }).click()
  await expect.poll(() => currentView(page)).toBe('WalletSendPreview')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => modal(page).getByRole('status').innerText(), { timeout: 20_000 }).toContain(snack)
}

/** Picks the token whose option names `symbol`, once the API's list has it. */
async function selectToken(page: Page, symbol: string) {
  const token = modal(page).getByLabel('Token')
  let label: string | undefined
  await expect.poll(async () => (label = (await token.locator('option').allInnerTexts()).find((option) => option.endsWith(` ${symbol}`))), { timeout: 20_000 }).toBeDefined()
  await token.selectOption({ label: label! })
}

describe('Send on Solana through the demo (issue 14)', () => {
  it('1.5 SOL to a fresh address: the fee reads 5000 lamports per signature, the wallet signs and sends once, the receiver holds exactly 1.5 SOL', async () => {
    const recorded = await openSend()
    const { page, wallet } = recorded
    expect(await feeText(page)).toContain('5000 lamports per signature')
    await expectNoAxeViolations(page, 'the Solana send form')
    const receiver = fresh()
    await fill(page, '1.5', receiver)
    await reviewAndSend(page, 'Transaction started')
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await lamportsOf(receiver)).toBe(1_500_000_000n)
    expect(await lamportsOf(wallet.address)).toBe(2n * BigInt(LAMPORTS_PER_SOL) - 1_500_000_000n - 5000n)
    expect(wallet.calls.filter((c) => c.feature === 'solana:signAndSendTransaction')).toEqual([
      { feature: 'solana:signAndSendTransaction', detail: expect.objectContaining({ chain: 'solana:localnet' }) },
    ])
    assertCleanPage(recorded)
  })

  it('1.5 LUSD (the demo’s SPL token, from the API’s list) to a fresh address: its token account is made for it and holds exactly 1 500 000 base units', async () => {
    const recorded = await openSend()
    const { page, wallet } = recorded
    await selectToken(page, 'LUSD')
    const receiver = fresh()
    await fill(page, '1.5', receiver)
    // A first transfer to this address also pays its token account's rent: the fee says more than 5000 lamports.
    await expect.poll(() => feeText(page)).toMatch(/^Network fee 0\.002/)
    await reviewAndSend(page, 'Transaction started')
    expect(await lusdOf(receiver)).toBe(1_500_000n)
    expect(await lusdOf(wallet.address)).toBe(8_500_000n)
    assertCleanPage(recorded)
  })

  it('without an amount: “Please enter a valid amount and receiver address”; the wallet refusing: “Failed to send transaction. Please try again.”', async () => {
    const recorded = await openSend((feature) => feature !== 'solana:signAndSendTransaction')
    const { page, wallet } = recorded
    const receiver = fresh()
    await fill(page, '', receiver)
    await modal(page).getByRole('button', { name: 'Review send' }).click()
    await expect.poll(() => modal(page).getByTestId('send-error').innerText()).toBe('Please enter a valid amount and receiver address')
    await fill(page, '0.5', receiver)
    await reviewAndSend(page, 'Failed to send transaction. Please try again.')
    expect(wallet.prompts.filter((p) => p.feature === 'solana:signAndSendTransaction')).toEqual([{ feature: 'solana:signAndSendTransaction', approved: false }])
    expect(await lamportsOf(receiver)).toBe(0n)
    assertCleanPage(recorded)
  })
})
