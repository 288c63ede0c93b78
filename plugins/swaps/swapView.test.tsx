// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, waitFor } from '@testing-library/react'
import { type Hex, createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SnackText } from '../../kernel/index.ts'
import { DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { DEMO_UNISWAP } from '../../demo/peers/uniswap.mjs'
import { HARDHAT_ACCOUNTS, type HardhatNode } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import type { ApproveFn } from '../../test/peers/testWallet.ts'
import * as h from '../../test/unit/sendFlow.tsx'
import { modalRoot } from '../../shell/test/testKit.ts'
import { eip155Plugin } from '../namespaces/eip155/index.ts'
import { swapsPlugin } from './index.ts'
import { startSwapChain } from './test/chain.ts'

// The Swap view opened with swap arguments (SPEC §2: kit.open({ view: 'Swap', data })), in the
// real modal (jsdom) with a test wallet on a real Hardhat node with the demo's Uniswap V2.
const [DEMO, DUSD] = DEMO_TOKENS
let node: HardhatNode
beforeAll(async () => {
  node = await startSwapChain()
}, 120_000)
afterAll(() => node?.stop())
afterEach(() => {
  cleanup()
  h.kits.splice(0).forEach((kit) => kit.destroy())
  h.unannounce.splice(0).forEach((stop) => stop())
})

const quoteOut = () => modalRoot().querySelector('[data-testid="swap-quote-out"]')?.textContent
const errorText = () => modalRoot().querySelector('[data-testid="swap-error"]')?.textContent

async function connected(approve: ApproveFn = () => true, account = 6) {
  await h.wallet({ 31337: node }, { privateKey: HARDHAT_ACCOUNTS[account]!.privateKey as Hex, approve })
  const kit = h.setup([hardhatNetwork(node.url)], [eip155Plugin(), swapsPlugin({ routers: { 'eip155:31337': { router: DEMO_UNISWAP.router, weth: DEMO_UNISWAP.weth } } })])
  await h.connect(kit)
  return kit
}

describe('the Swap wallet feature', () => {
  it('its body loads only when Swap is first pressed; the form then starts from the native currency', async () => {
    const kit = await connected()
    await waitFor(() => expect(h.button('Swap')).toBeDefined())
    expect(kit.plugins.status.get()['swaps']).toEqual({ state: 'idle' })
    await act(async () => h.button('Swap')!.click())
    await waitFor(() => expect(kit.plugins.status.get()['swaps']?.state).toBe('active'))
    expect(h.view(kit)).toBe('Swap')
    await waitFor(() => expect(h.field<HTMLSelectElement>('From').value).toBe('native'))
  })
})

describe('the Swap view opens with swap arguments', () => {
  it('from, to and amount fill the form (tokens the portfolio does not list are read on chain) and the quote follows', async () => {
    const kit = await connected()
    act(() => kit.open({ view: 'Swap', data: { from: DEMO!.address, to: DUSD!.address, amount: '10' } }))
    await waitFor(() => expect(quoteOut()).toBe('≈ 24.318 DUSD'), { timeout: 15_000 })
    expect(h.field<HTMLSelectElement>('From').value).toBe(DEMO!.address.toLowerCase())
    expect(h.field<HTMLSelectElement>('To').value).toBe(DUSD!.address.toLowerCase())
    expect(h.field('Amount').value).toBe('10')
    expect(modalRoot().querySelector('[data-testid="swap-price-impact"]')?.textContent).toBe('2.72%')
    expect(modalRoot().querySelector('[data-testid="swap-quote-min"]')?.textContent).toBe('24.075 DUSD (1% slippage)')
    expect(h.button('Approve DEMO and swap')?.disabled).toBe(false)
  })

  it('"native" names the native currency: ETH → DEMO needs no approval', async () => {
    const kit = await connected()
    act(() => kit.open({ view: 'Swap', data: { from: 'native', to: DEMO!.address, amount: 0.01 } }))
    await waitFor(() => expect(quoteOut()).toMatch(/^≈ [\d.]+ DEMO$/), { timeout: 15_000 })
    expect(h.field<HTMLSelectElement>('From').value).toBe('native')
    expect(h.button('Swap')?.disabled).toBe(false)
  })

  it('arguments that are not tokens are refused with a clear text, and no swap is offered', async () => {
    const kit = await connected()
    act(() => kit.open({ view: 'Swap', data: { from: 'DEMO', to: DUSD!.address, amount: '10' } }))
    await waitFor(() => expect(errorText()).toBe('Invalid swap arguments'), { timeout: 15_000 })
    expect(h.button('Swap')?.disabled).toBe(true)
    // An address with no token behind it: its name() and decimals() cannot be read.
    act(() => kit.open({ view: 'Swap', data: { from: DEMO!.address, to: '0x000000000000000000000000000000000000dEaD', amount: '1' } }))
    await waitFor(() => expect(errorText()).toBe('Invalid swap arguments'), { timeout: 15_000 })
  })

  it('more than the account holds: the quote shows, "Insufficient funds" is said, and Swap stays disabled', async () => {
    const kit = await connected()
    act(() => kit.open({ view: 'Swap', data: { from: DEMO!.address, to: DUSD!.address, amount: '5000' } }))
    await waitFor(() => expect(errorText()).toBe('Insufficient funds'), { timeout: 15_000 })
    expect(quoteOut()).toMatch(/DUSD$/)
    expect(h.button('Approve DEMO and swap')?.disabled).toBe(true)
  })

  it('the wallet refusing the approval: "Something went wrong", nothing approved, and the form can try again', async () => {
    const asked: string[] = []
    const sent: unknown[] = []
    const kit = await connected((method, params) => (asked.push(method), method === 'eth_sendTransaction' && sent.push(params), method !== 'eth_sendTransaction'), 7)
    act(() => kit.open({ view: 'Swap', data: { from: DEMO!.address, to: DUSD!.address, amount: '1' } }))
    await waitFor(() => expect(h.button('Approve DEMO and swap')?.disabled).toBe(false), { timeout: 15_000 })
    await act(async () => h.button('Approve DEMO and swap')!.click())
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.SOMETHING_WENT_WRONG, variant: 'error' }))
    expect(asked.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
    // The approval names the quote's chain id (31337), which the kit checks is above zero (SPEC §5).
    expect(sent).toMatchObject([[{ chainId: '0x7a69', to: DEMO!.address }]])
    expect(h.view(kit)).toBe('Swap')
    const chain = createPublicClient({ transport: http(node.url) })
    expect(await chain.readContract({ address: DEMO!.address, abi: erc20Abi, functionName: 'allowance', args: [HARDHAT_ACCOUNTS[7]!.address as Hex, DEMO_UNISWAP.router] })).toBe(
      0n,
    )
    await waitFor(() => expect(h.button('Approve DEMO and swap')?.disabled).toBe(false))
  })
})
