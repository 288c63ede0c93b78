import { describe, expect, it } from 'vitest'
import { DEMO_PRICES, DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { NATIVE, fixedPrices, noPrices } from './prices.ts'

describe('fixedPrices', () => {
  const prices = fixedPrices({
    'eip155:31337': { native: 3000, '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f': 2.5 },
    'solana:localnet': { native: 150, So11111111111111111111111111111111111111112: 150, MintAbc111111111111111111111111111111111111: 1 },
  })

  it('prices the listed assets, a hex address in any case, and every other asset 0', async () => {
    const answer = await prices.prices('eip155:31337', [NATIVE, '0x73511669FD4DE447FED18BB79BAFEAC93AB7F31F', '0x0000000000000000000000000000000000000001'])
    expect([...answer]).toEqual([
      [NATIVE, 3000],
      ['0x73511669FD4DE447FED18BB79BAFEAC93AB7F31F', 2.5],
      ['0x0000000000000000000000000000000000000001', 0],
    ])
  })

  it('keeps base58 keys case-sensitive, and prices an unknown network 0', async () => {
    expect([...(await prices.prices('solana:localnet', ['MintAbc111111111111111111111111111111111111', 'mintabc111111111111111111111111111111111111']))]).toEqual([
      ['MintAbc111111111111111111111111111111111111', 1],
      ['mintabc111111111111111111111111111111111111', 0],
    ])
    expect([...(await prices.prices('eip155:1', [NATIVE]))]).toEqual([[NATIVE, 0]])
  })

  it('refuses a price that is negative or not finite', () => {
    expect(() => fixedPrices({ 'eip155:1': { native: -1 } })).toThrow('fixedPrices: eip155:1 native: -1 is not a price')
    expect(() => fixedPrices({ 'eip155:1': { native: Number.NaN } })).toThrow('is not a price')
  })

  it('noPrices prices everything 0; the demo table prices ETH and its three tokens', async () => {
    expect([...(await noPrices.prices('eip155:31337', [NATIVE]))]).toEqual([[NATIVE, 0]])
    const demo = await fixedPrices(DEMO_PRICES).prices('eip155:31337', [NATIVE, ...DEMO_TOKENS.map((token) => token.address)])
    expect([...demo.values()]).toEqual([3000, 2.5, 1, 0.1])
    expect((await fixedPrices(DEMO_PRICES).prices('eip155:31338', [NATIVE])).get(NATIVE)).toBe(3000)
  })
})
