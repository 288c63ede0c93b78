import { defineChain } from 'viem'
import { cookieStorage, createConfig, createStorage, http } from 'wagmi'

// Two local Hardhat nodes (chains 31337 and 31338); the package test builds the app with
// NEXT_PUBLIC_RPC_URL and NEXT_PUBLIC_RPC_URL_2 set to its nodes. An integrator lists
// `mainnet` and friends here.
const hardhat = defineChain({
  id: 31337,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env['NEXT_PUBLIC_RPC_URL'] ?? 'http://127.0.0.1:8545'] } },
  testnet: true,
})
const hardhat2 = defineChain({
  id: 31338,
  name: 'Hardhat 2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env['NEXT_PUBLIC_RPC_URL_2'] ?? 'http://127.0.0.1:8546'] } },
  testnet: true,
})

/**
 * The app's wagmi config, one per browser tab and one per server request: `ssr: true`
 * and wagmi's cookie storage, so the server reads the visitor's connection from the cookie.
 */
export function getConfig() {
  return createConfig({
    chains: [hardhat, hardhat2],
    transports: { [hardhat.id]: http(), [hardhat2.id]: http() },
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
  })
}

declare module 'wagmi' {
  interface Register {
    config: ReturnType<typeof getConfig>
  }
}
