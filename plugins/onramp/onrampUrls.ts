import type { CaipNetwork } from '../../kernel/index.ts'
import type { OnRampProvider } from './contract.ts'

/** The chains Coinbase Pay names in its URL, and the one it opens on for any other network. */
export const COINBASE_PAY_CHAINS = ['ethereum', 'arbitrum', 'polygon', 'berachain', 'avalanche-c-chain', 'optimism', 'celo', 'base'] as const
export const COINBASE_PAY_FALLBACK_CHAIN = 'ethereum'

export type CoinbasePayChain = (typeof COINBASE_PAY_CHAINS)[number]

/** The EVM networks Coinbase pays out on (SPEC §9), by CAIP-2 id. */
const COINBASE_PAY_NETWORKS: Readonly<Record<string, CoinbasePayChain>> = {
  'eip155:1': 'ethereum',
  'eip155:42161': 'arbitrum',
  'eip155:137': 'polygon',
  'eip155:80094': 'berachain',
  'eip155:43114': 'avalanche-c-chain',
  'eip155:10': 'optimism',
  'eip155:42220': 'celo',
  'eip155:8453': 'base',
}

/** The native asset bought on each pay chain. */
const PAY_CHAIN_ASSETS: Readonly<Record<CoinbasePayChain, string>> = {
  ethereum: 'ETH',
  arbitrum: 'ETH',
  polygon: 'POL',
  berachain: 'BERA',
  'avalanche-c-chain': 'AVAX',
  optimism: 'ETH',
  celo: 'CELO',
  base: 'ETH',
}

/**
 * The Coinbase network for a CAIP-2 network: its pay chain, or ethereum for any network
 * Coinbase does not pay out on (SPEC §9 fallback).
 */
export const coinbasePayChain = (caipNetworkId: string): CoinbasePayChain => COINBASE_PAY_NETWORKS[caipNetworkId] ?? COINBASE_PAY_FALLBACK_CHAIN

export interface PurchaseTarget {
  /** The connected account's address. */
  readonly address: string
  readonly network: Pick<CaipNetwork, 'caipNetworkId' | 'nativeCurrency'>
  /** US dollars the provider's page starts with. */
  readonly presetAmount?: number
}

/**
 * The provider's page for buying the network's native asset for the address, with the
 * preset amount in US dollars. Coinbase is told its pay chain (ethereum when the network is
 * not one) and that chain's asset; Meld the network's native currency code.
 *
 * @example
 * providerUrl({ id: 'coinbase', url: 'https://pay.coinbase.com/buy/select-asset' },
 *   { address: '0xf39F…', network: base, presetAmount: 100 })
 * // https://pay.coinbase.com/buy/select-asset?addresses={"0xf39F…":["base"]}&assets=["ETH"]&defaultNetwork=base&defaultAsset=ETH&presetFiatAmount=100&fiatCurrency=USD
 */
export function providerUrl(provider: OnRampProvider, { address, network, presetAmount }: PurchaseTarget): string {
  const url = new URL(provider.url)
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) url.searchParams.set(name, String(value))
  }
  if (provider.id === 'coinbase') {
    const chain = coinbasePayChain(network.caipNetworkId)
    const asset = PAY_CHAIN_ASSETS[chain]
    set('appId', provider.key)
    set('addresses', JSON.stringify({ [address]: [chain] }))
    set('assets', JSON.stringify([asset]))
    set('defaultNetwork', chain)
    set('defaultAsset', asset)
    set('presetFiatAmount', presetAmount)
    set('fiatCurrency', presetAmount === undefined ? undefined : 'USD')
  } else {
    set('publicKey', provider.key)
    set('walletAddress', address)
    set('destinationCurrencyCode', network.nativeCurrency.symbol)
    set('sourceAmount', presetAmount)
    set('sourceCurrencyCode', presetAmount === undefined ? undefined : 'USD')
  }
  return url.href
}
