import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { NetworkSchema, defineNetwork } from './network.ts'
import { base, bitcoin, bitcoinTestnet, mainnet, solana, solanaDevnet, solanaTestnet } from './networks.ts'

const PREDEFINED = { mainnet, base, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet }

describe('networks', () => {
  it.each(Object.entries(PREDEFINED))('the predefined network %s passes the network schema', (_name, network) => {
    expect(v.safeParse(NetworkSchema, network).success).toBe(true)
  })

  it.each(Object.entries(PREDEFINED))('%s has its CAIP id as namespace:id', (_name, network) => {
    expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
  })

  it('native currency decimals: 18 on eip155 networks, 9 on Solana, 8 on Bitcoin', () => {
    expect(Object.fromEntries(Object.entries(PREDEFINED).map(([name, network]) => [name, network.nativeCurrency.decimals]))).toEqual({
      mainnet: 18,
      base: 18,
      solana: 9,
      solanaDevnet: 9,
      solanaTestnet: 9,
      bitcoin: 8,
      bitcoinTestnet: 8,
    })
  })

  it('defineNetwork derives the CAIP id, and keeps an explicit one', () => {
    const polygon = defineNetwork({
      id: 137,
      chainNamespace: 'eip155',
      name: 'Polygon',
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
      rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
    })
    expect(polygon.caipNetworkId).toBe('eip155:137')
    expect(defineNetwork({ ...polygon, caipNetworkId: 'eip155:0x89' }).caipNetworkId).toBe('eip155:0x89')
  })

  it('a network needs at least one default RPC url', () => {
    expect(v.safeParse(NetworkSchema, { ...mainnet, rpcUrls: { default: { http: [] } } }).success).toBe(false)
  })

  it('testnets are flagged', () => {
    expect([solanaDevnet, solanaTestnet, bitcoinTestnet].every((n) => n.testnet === true)).toBe(true)
    expect([mainnet, base, solana, bitcoin].some((n) => n.testnet)).toBe(false)
  })
})
