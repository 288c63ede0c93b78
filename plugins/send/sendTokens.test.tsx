// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react'
import { type Address, type Hex, erc20Abi, toHex } from 'viem'
import { createPublicClient, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PluginManifest, type PorticoKit, SnackText } from '../../kernel/index.ts'
import { addDirectTokens } from '../../services/blockchainApi/provide.ts'
import { deployDemoTokens } from '../../demo/peers/deployTokens.mjs'
import { DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { HARDHAT_ACCOUNTS, type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { eip155Plugin } from '../namespaces/eip155/index.ts'
import { sendPlugin } from './index.ts'
import * as h from '../../test/unit/sendFlow.tsx'

// Token sends through the real modal (jsdom) on a real Hardhat node holding the demo's test
// tokens (demo/peers/tokens.mjs): DEMO (18 decimals, transfer returns bool), DUSD (6
// decimals, the USDT shape: transfer returns nothing) and DPTS (0 decimals). The token list
// is the portfolio's (services/blockchainApi, the direct implementation reading these contracts).
// Port 8585 belongs to this file.
const [DEMO, DUSD, DPTS] = DEMO_TOKENS as unknown as [(typeof DEMO_TOKENS)[number], (typeof DEMO_TOKENS)[number], (typeof DEMO_TOKENS)[number]]
let node: HardhatNode
let chain: ReturnType<typeof createPublicClient>
beforeAll(async () => {
  node = await startHardhat({ port: 8585 })
  await deployDemoTokens(node.url)
  chain = createPublicClient({ transport: http(node.url) })
}, 120_000)
afterAll(async () => {
  await node?.stop()
})
afterEach(() => {
  cleanup()
  h.kits.splice(0).forEach((kit) => kit.destroy())
  h.unannounce.splice(0).forEach((stop) => stop())
})

const tokenBalance = (token: string, owner: string) => chain.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] })

/** Hardhat account #n (funded with every demo token) in the test wallet. */
const walletOf = (n: number, approve?: (method: string) => boolean) =>
  h.wallet({ 31337: node }, { privateKey: HARDHAT_ACCOUNTS[n]!.privateKey as Hex, ...(approve ? { approve } : {}) })

async function setup(plugins: PluginManifest[] = [eip155Plugin(), sendPlugin({ usdtContracts: [DUSD.address] })]) {
  const kit = h.setup([hardhatNetwork(node.url)], plugins)
  // The direct Blockchain API reads these contracts for the token list.
  addDirectTokens(await kit.container(), { 'eip155:31337': DEMO_TOKENS.map((token) => token.address) })
  return kit
}

async function openWithTokens(kit: PorticoKit) {
  await h.connect(kit)
  await h.openSend()
  await waitFor(() => expect(h.field<HTMLSelectElement>('Token').options.length).toBe(3), { timeout: 10_000 })
}

function choose(symbol: string) {
  const select = h.field<HTMLSelectElement>('Token')
  const option = [...select.options].find((o) => o.textContent?.endsWith(` ${symbol}`))
  if (!option) throw new Error(`no ${symbol} in the token list`)
  fireEvent.change(select, { target: { value: option.value } })
}

describe('the token list', () => {
  it("is the account's balances on the network, native first; the zero-decimal DPTS is not there", async () => {
    await walletOf(1)
    const kit = await setup()
    await openWithTokens(kit)
    const options = [...h.field<HTMLSelectElement>('Token').options].map((o) => o.textContent)
    expect(options).toEqual(['Ether: 10,000 ETH', 'Demo Token: 1,000 DEMO', 'Demo Dollar: 1,000 DUSD'])
    expect(options.join()).not.toContain(DPTS.symbol)
  })
})

describe('an ERC20 send', () => {
  it('1.5 DUSD (6 decimals, USDT-shaped, on the usdtContracts list) to a fresh address: the receiver holds exactly 1 500 000 base units, the receipt is on chain', async () => {
    const w = await walletOf(2)
    const kit = await setup()
    const events = h.recordEvents(kit)
    await openWithTokens(kit)
    choose('DUSD')
    const receiver = h.freshAddress()
    const before = await tokenBalance(DUSD.address, w.address)
    h.fill('1.5', receiver)
    await h.reviewAndSend(kit)
    await waitFor(() => expect(h.view(kit)).toBe('Account'))
    expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.TRANSACTION_STARTED })
    expect(await tokenBalance(DUSD.address, receiver)).toBe(1_500_000n)
    expect(before - (await tokenBalance(DUSD.address, w.address))).toBe(1_500_000n)
    const receipt = await chain.getTransactionReceipt({ hash: h.sentHash(events) })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(DUSD.address.toLowerCase())
    // The transfer was simulated first (eth_call), then sent by the wallet.
    const methods = w.calls.map((c) => c.method)
    expect(methods.lastIndexOf('eth_call')).toBeLessThan(methods.lastIndexOf('eth_sendTransaction'))
  })

  it('DUSD without the list: the standard ABI expects a bool the token never returns, so the send is refused ("Something went wrong") and nothing moves', async () => {
    const w = await walletOf(3)
    const kit = await setup([eip155Plugin(), sendPlugin()])
    await openWithTokens(kit)
    choose('DUSD')
    const receiver = h.freshAddress()
    h.fill('1.5', receiver)
    await h.reviewAndSend(kit)
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.SOMETHING_WENT_WRONG, variant: 'error' }))
    expect(h.view(kit)).toBe('WalletSendPreview')
    expect(await tokenBalance(DUSD.address, receiver)).toBe(0n)
    expect(w.calls.map((c) => c.method)).not.toContain('eth_sendTransaction')
  })

  it('2.5 DEMO (18 decimals, returns true) with the standard ABI: the receiver holds exactly 2.5 × 10^18', async () => {
    await walletOf(4)
    const kit = await setup()
    await openWithTokens(kit)
    choose('DEMO')
    const receiver = h.freshAddress()
    h.fill('2.5', receiver)
    await h.reviewAndSend(kit)
    await waitFor(() => expect(h.view(kit)).toBe('Account'))
    expect(await tokenBalance(DEMO.address, receiver)).toBe(2_500_000_000_000_000_000n)
  })

  it('Max on a token is its whole holding (1 000 DUSD), the fee aside', async () => {
    await walletOf(6)
    const kit = await setup()
    await openWithTokens(kit)
    choose('DUSD')
    fireEvent.click(h.button('Max')!)
    expect(h.field('Amount').value).toBe('1000')
  })

  it('tokens but no ETH: the send is refused by the gas rule ("Insufficient funds for gas") and the wallet is never asked', async () => {
    const w = await walletOf(5)
    await rpc(node.url, 'hardhat_setBalance', [w.address, toHex(0)])
    const kit = await setup()
    await openWithTokens(kit)
    choose('DUSD')
    h.fill('1', h.freshAddress())
    await act(async () => fireEvent.click(h.button('Review send')!))
    expect(h.errorText()).toBe('Insufficient funds for gas')
    expect(h.view(kit)).toBe('WalletSend')
    expect(w.calls.map((c) => c.method)).not.toContain('eth_sendTransaction')
  })
})
