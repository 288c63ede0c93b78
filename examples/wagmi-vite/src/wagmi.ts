import { createPortico } from 'portico'
import { wagmiPlugin } from 'portico/wagmi'
import * as v from 'valibot'
import { type Chain, defineChain } from 'viem'
import { http, createConfig } from 'wagmi'
import { mainnet } from 'wagmi/chains'

// Ethereum by default. `?rpc=http://127.0.0.1:8545&rpc2=http://127.0.0.1:8546` points the
// app at two local Hardhat nodes (chains 31337 and 31338) instead, as the package's browser
// test does. The query is the visitor's to edit, so only an http(s) URL on this machine is taken.
const LocalRpc = v.pipe(
  v.string(),
  v.url(),
  v.check((url) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url), 'must be a node on this machine'),
)
const localChain = (id: number, name: string, parameter: string): Chain | undefined => {
  const rpc = v.safeParse(LocalRpc, new URLSearchParams(location.search).get(parameter))
  if (!rpc.success) return undefined
  return defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc.output] } }, testnet: true })
}
const local = [localChain(31337, 'Hardhat', 'rpc'), localChain(31338, 'Hardhat 2', 'rpc2')].filter((chain) => chain !== undefined)
const chains: readonly [Chain, ...Chain[]] = local.length > 0 ? (local as [Chain, ...Chain[]]) : [mainnet]

// The app's wagmi config is the one source of the EVM connection: its chains are Portico's
// networks, its connectors (and the wallets wagmi discovers) are the modal's wallets.
export const config = createConfig({ chains, transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])) })

export const kit = createPortico({ projectId: 'portico-example-wagmi-vite', plugins: [wagmiPlugin({ config })] })
