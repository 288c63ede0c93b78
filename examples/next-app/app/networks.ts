import { type CaipNetwork, defineNetwork, mainnet } from 'portico'
import * as v from 'valibot'

// Ethereum by default. `?rpc=http://127.0.0.1:8545` points the app at a local Hardhat
// node (chain 31337) instead, as the package's browser test does. The query is the
// visitor's to edit, so only an http(s) URL on this machine is taken.
const LocalRpc = v.pipe(
  v.string(),
  v.url(),
  v.check((url) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url), 'must be a node on this machine'),
)

function localNetwork(rpc: string): CaipNetwork {
  return defineNetwork({
    id: 31337,
    chainNamespace: 'eip155',
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
    testnet: true,
  })
}

// On the server there is no query to read: the page's HTML does not depend on the network.
const rpc = v.safeParse(LocalRpc, typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('rpc'))
export const networks: [CaipNetwork, ...CaipNetwork[]] = [rpc.success ? localNetwork(rpc.output) : mainnet]
