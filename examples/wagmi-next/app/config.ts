import { defineChain } from 'viem'
import { cookieStorage, createConfig, createStorage, http } from 'wagmi'

// A local Hardhat node (chain 31337); the package test builds the app with
// NEXT_PUBLIC_RPC_URL set to its node. An integrator lists `mainnet` and friends here.
const hardhat = defineChain({
  id: 31337,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env['NEXT_PUBLIC_RPC_URL'] ?? 'http://127.0.0.1:8545'] } },
  testnet: true,
})

/**
 * The app's wagmi config, one per browser tab and one per server request: `ssr: true`
 * and wagmi's cookie storage, so the server reads the visitor's connection from the cookie.
 */
export function getConfig() {
  return createConfig({
    chains: [hardhat],
    transports: { [hardhat.id]: http() },
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
  })
}

declare module 'wagmi' {
  interface Register {
    config: ReturnType<typeof getConfig>
  }
}
