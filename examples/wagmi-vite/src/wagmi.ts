import { createPortico } from 'portico'
import { wagmiPlugin } from 'portico/wagmi'
import * as v from 'valibot'
import { type Chain, defineChain } from 'viem'
import { http, createConfig } from 'wagmi'
import { mainnet } from 'wagmi/chains'

// Ethereum by default. `?rpc=http://127.0.0.1:8545` points the app at a local Hardhat
// node (chain 31337) instead, as the package's browser test does. The query is the
// visitor's to edit, so only an http(s) URL on this machine is taken.
const LocalRpc = v.pipe(
  v.string(),
  v.url(),
  v.check((url) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url), 'must be a node on this machine'),
)
const rpc = v.safeParse(LocalRpc, new URLSearchParams(location.search).get('rpc'))
const chain: Chain = rpc.success
  ? defineChain({ id: 31337, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc.output] } }, testnet: true })
  : mainnet

// The app's wagmi config is the one source of the EVM connection: its chains are Portico's
// networks, its connectors (and the wallets wagmi discovers) are the modal's wallets.
export const config = createConfig({ chains: [chain], transports: { [chain.id]: http() } })

export const kit = createPortico({ projectId: 'portico-example-wagmi-vite', plugins: [wagmiPlugin({ config })] })
