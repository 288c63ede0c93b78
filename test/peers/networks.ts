// Local chains as Portico networks, for unit and browser tests.
import { type CaipNetwork, defineNetwork } from '../../kernel/index.ts'

/** A Hardhat chain served at `url`; chain id 31337 unless told. No block explorer. */
export function hardhatNetwork(url = 'http://127.0.0.1:8545', id = 31337): CaipNetwork {
  return defineNetwork({
    id,
    chainNamespace: 'eip155',
    name: id === 31337 ? 'Hardhat' : `Hardhat ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  })
}

/** The default local chain (`startHardhat()` on port 8545). */
export const hardhat = hardhatNetwork()

/** The second local chain (`startHardhat({ port: 8546, chainId: 31338 })`). */
export const hardhat2 = hardhatNetwork('http://127.0.0.1:8546', 31338)
