// The built-in provider against the published Uniswap V2 contracts on a real Hardhat node
// (demo/peers/deployUniswap.mjs: DEMO/DUSD 400:1000 and ETH/DEMO 0.5:600).
import { type Address, type Hex, createPublicClient, erc20Abi, http, maxUint256, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { DEMO_POOLS, DEMO_UNISWAP } from '../../demo/peers/uniswap.mjs'
import { HARDHAT_ACCOUNTS, type HardhatNode } from '../../test/peers/hardhat.ts'
import { type SwapToken, freshQuote } from './provider.ts'
import { chainReader, sendFrom, startSwapChain } from './test/chain.ts'
import { createUniswapV2Provider } from './uniswapV2.ts'

const asToken = (t: (typeof DEMO_TOKENS)[number]): SwapToken & { address: Hex } => ({ address: t.address, symbol: t.symbol, decimals: t.decimals })
const [DEMO, DUSD, DPTS] = [asToken(DEMO_TOKENS[0]), asToken(DEMO_TOKENS[1]), asToken(DEMO_TOKENS[2])]
const ETH: SwapToken = { symbol: 'ETH', decimals: 18 }
const NETWORK = 'eip155:31337'
const PAIR_ABI = [{ type: 'function', name: 'getReserves', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }] }] as const

let node: HardhatNode
let client: ReturnType<typeof createPublicClient>
const provider = createUniswapV2Provider({ [NETWORK]: { router: DEMO_UNISWAP.router, weth: DEMO_UNISWAP.weth } })
const owner = (index: number) => HARDHAT_ACCOUNTS[index]!.address as Hex
const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const reservesOfDemoDusd = async () => {
  const [r0, r1] = await client.readContract({ address: DEMO_POOLS[0].pair, abi: PAIR_ABI, functionName: 'getReserves' })
  // token0 is the lower address: DEMO (0x7351…) before DUSD (0xB581…).
  return { demo: r0, dusd: r1 }
}

beforeAll(async () => {
  node = await startSwapChain()
  client = createPublicClient({ transport: http(node.url) })
}, 120_000)

afterAll(() => node?.stop())

describe('Uniswap V2 provider on Hardhat', () => {
  it('quotes 10 DEMO → DUSD from the pool: getAmountsOut, 1 % slippage floor, price impact from the reserves', async () => {
    const quote = await provider.quote({ network: NETWORK, from: DEMO, to: DUSD, amountIn: parseUnits('10', 18) }, chainReader(node.url))
    // x*y=k with the 0.3 % fee: 1000e6 * 10e18 * 997 / (400e18 * 1000 + 10e18 * 997).
    expect(quote?.amountOut).toBe(24_318_852n)
    expect(quote?.amountOutMin).toBe((24_318_852n * 99n) / 100n)
    // 25 DUSD at the mid price, 24.318852 paid: 2.72 %.
    expect(quote?.priceImpactBps).toBe(272)
    expect(quote?.blockNumber).toBe(await client.getBlockNumber())
  })

  it('no pool, no quote: DEMO → DPTS, DUSD → ETH, the same token, and ETH against WETH', async () => {
    const chain = chainReader(node.url)
    const ask = (from: SwapToken, to: SwapToken) => provider.quote({ network: NETWORK, from, to, amountIn: 1000n }, chain)
    expect(await ask(DEMO, DPTS)).toBeUndefined()
    expect(await ask(DUSD, ETH)).toBeUndefined()
    expect(await ask(DEMO, DEMO)).toBeUndefined()
    expect(await ask(ETH, { address: DEMO_UNISWAP.weth, symbol: 'WETH', decimals: 18 })).toBeUndefined()
  })

  it('approves once: the first swap asks for approve(router, max), the second needs none; the receiver gets exactly the quote and the reserves move by the same amounts', async () => {
    const chain = chainReader(node.url)
    const me = owner(2)
    for (const round of [1, 2]) {
      const quote = (await provider.quote({ network: NETWORK, from: DEMO, to: DUSD, amountIn: parseUnits('10', 18) }, chain))!
      const approvals = await provider.approvals(quote, me, chain)
      expect(approvals).toHaveLength(round === 1 ? 1 : 0)
      for (const approval of approvals) expect((await sendFrom(node.url, 2, approval)).status).toBe('success')
      if (round === 1) expect(await client.readContract({ address: DEMO.address, abi: erc20Abi, functionName: 'allowance', args: [me, DEMO_UNISWAP.router] })).toBe(maxUint256)
      const { quote: fresh, block } = await freshQuote(provider, quote, chain)
      const [reservesBefore, dusdBefore] = await Promise.all([reservesOfDemoDusd(), balanceOf(DUSD.address, me)])
      const receipt = await sendFrom(node.url, 2, provider.swap(fresh!, me, block.timestamp + 1200n))
      expect(receipt.status).toBe('success')
      const [reservesAfter, dusdAfter] = await Promise.all([reservesOfDemoDusd(), balanceOf(DUSD.address, me)])
      expect(dusdAfter - dusdBefore).toBe(fresh!.amountOut)
      expect(reservesAfter.demo - reservesBefore.demo).toBe(parseUnits('10', 18))
      expect(reservesBefore.dusd - reservesAfter.dusd).toBe(fresh!.amountOut)
    }
  })

  it('a quote older than the latest block is read again: the same quote while no block was mined, a new lower one after another swap', async () => {
    const chain = chainReader(node.url)
    const quote = (await provider.quote({ network: NETWORK, from: DEMO, to: DUSD, amountIn: parseUnits('10', 18) }, chain))!
    chain.calls.length = 0
    const unchanged = await freshQuote(provider, quote, chain)
    expect(unchanged.quote).toBe(quote)
    expect(chain.calls).toEqual(['eth_getBlockByNumber'])
    // Someone else sells DEMO into the pool: DUSD gets dearer.
    const other = owner(3)
    const theirs = (await provider.quote({ network: NETWORK, from: DEMO, to: DUSD, amountIn: parseUnits('20', 18) }, chain))!
    for (const approval of await provider.approvals(theirs, other, chain)) await sendFrom(node.url, 3, approval)
    const { block } = await freshQuote(provider, theirs, chain)
    await sendFrom(node.url, 3, provider.swap(theirs, other, block.timestamp + 1200n))
    const refreshed = await freshQuote(provider, quote, chain)
    expect(refreshed.quote!.blockNumber).toBeGreaterThan(quote.blockNumber)
    expect(refreshed.quote!.amountOut).toBeLessThan(quote.amountOut)
    expect(refreshed.quote!.amountOutMin).toBe((refreshed.quote!.amountOut * 99n) / 100n)
  })

  it('the stale quote would have been refused: its amountOutMin is above what the pool now pays, so the router reverts', async () => {
    const chain = chainReader(node.url)
    const quote = (await provider.quote({ network: NETWORK, from: DEMO, to: DUSD, amountIn: parseUnits('10', 18) }, chain))!
    const { block } = await freshQuote(provider, quote, chain)
    // A big sale first moves the price by far more than 1 %.
    const big = (await provider.quote({ network: NETWORK, from: DEMO, to: DUSD, amountIn: parseUnits('100', 18) }, chain))!
    await sendFrom(node.url, 3, provider.swap(big, owner(3), block.timestamp + 1200n))
    await expect(sendFrom(node.url, 2, provider.swap(quote, owner(2), block.timestamp + 1200n))).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
  })

  it('ETH → DEMO with swapExactETHForTokens (no approval), and DEMO → ETH with swapExactTokensForETH', async () => {
    const chain = chainReader(node.url)
    const me = owner(4)
    const buy = (await provider.quote({ network: NETWORK, from: ETH, to: DEMO, amountIn: parseEther('0.01') }, chain))!
    expect(await provider.approvals(buy, me, chain)).toEqual([])
    const before = await balanceOf(DEMO.address, me)
    const { block } = await freshQuote(provider, buy, chain)
    expect((await sendFrom(node.url, 4, provider.swap(buy, me, block.timestamp + 1200n))).status).toBe('success')
    expect((await balanceOf(DEMO.address, me)) - before).toBe(buy.amountOut)

    const sell = (await provider.quote({ network: NETWORK, from: DEMO, to: ETH, amountIn: parseUnits('5', 18) }, chain))!
    for (const approval of await provider.approvals(sell, me, chain)) await sendFrom(node.url, 4, approval)
    const ethBefore = await client.getBalance({ address: me })
    const receipt = await sendFrom(node.url, 4, provider.swap(sell, me, (await chain.latestBlock()).timestamp + 1200n))
    expect(receipt.status).toBe('success')
    const gas = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await client.getBalance({ address: me })) - ethBefore + gas).toBe(sell.amountOut)
  })

  it('USDT-shaped DUSD with a non-zero allowance too small: approve(0) first, then approve(max)', async () => {
    const chain = chainReader(node.url)
    const me = owner(5)
    const small = { from: me, to: DUSD.address, data: (await import('viem')).encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEMO_UNISWAP.router, 1n] }) }
    await sendFrom(node.url, 5, small)
    const quote = (await provider.quote({ network: NETWORK, from: DUSD, to: DEMO, amountIn: parseUnits('1', 6) }, chain))!
    const approvals = await provider.approvals(quote, me, chain)
    expect(approvals).toHaveLength(2)
    for (const approval of approvals) await sendFrom(node.url, 5, approval)
    expect(await client.readContract({ address: DUSD.address, abi: erc20Abi, functionName: 'allowance', args: [me, DEMO_UNISWAP.router] })).toBe(maxUint256)
  })
})
