import { base, bitcoin, bitcoinTestnet, createPortico, defineNetwork, mainnet, solana, solanaDevnet, solanaTestnet } from '../entries/portico.ts'

/** The local Hardhat node `npm start` runs. */
export const hardhat = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})

/**
 * The demo configures Portico the way an integrator would. Everything it talks
 * to is local: analytics go to the demo server's own /e endpoint.
 */
export const kit = createPortico({
  projectId: 'portico-demo',
  networks: [hardhat, mainnet, base, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet],
  defaultNetwork: hardhat,
  metadata: {
    name: 'Portico demo',
    description: 'A host app that uses every public hook',
    url: globalThis.location.origin,
    icons: [],
  },
  endpoints: { analytics: globalThis.location.origin },
})
