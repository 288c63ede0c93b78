import { defineNetwork } from './network.ts'

/** Predefined networks. Each is its own export so unused ones tree-shake away. */

export const mainnet = /* @__PURE__ */ defineNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

export const base = /* @__PURE__ */ defineNetwork({
  id: 8453,
  chainNamespace: 'eip155',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
})

export const solana = /* @__PURE__ */ defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
})

export const solanaDevnet = /* @__PURE__ */ defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: true,
})

export const solanaTestnet = /* @__PURE__ */ defineNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: true,
})

export const bitcoin = /* @__PURE__ */ defineNetwork({
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
})

export const bitcoinTestnet = /* @__PURE__ */ defineNetwork({
  id: '000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
})
