// A wagmi app that does not list wagmiPlugin: Portico's connectors sit in its config beside
// wagmi's own, and its own code calls connect({ connector }). Built from the sources for
// porticoConnectors.browser.test.ts, which drives it through `window.app`.
import { type BaseError, defineChain, parseEther } from 'viem'
import { http, createConfig } from 'wagmi'
import { connect, disconnect, sendCalls, sendTransaction, waitForTransactionReceipt } from 'wagmi/actions'
import { porticoConnectors } from '../../../entries/wagmi.ts'
import { walletConnectPlugin } from '../../../plugins/walletconnect/index.ts'
import { TRANSFERS, mountCalls } from './calls.ts'

const query = new URLSearchParams(location.search)
const hardhat = defineChain({
  id: 31337,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [query.get('rpc')!] } },
})

const config = createConfig({
  chains: [hardhat],
  transports: { [hardhat.id]: http() },
  connectors: porticoConnectors({
    projectId: query.get('project')!,
    frame: query.get('frame')!,
    relay: query.get('relay')!,
    walletConnect: walletConnectPlugin(),
  }),
})

const shown = document.querySelector('[data-testid="wagmi-address"]')!
config.subscribe(
  (state) => (state.current ? state.connections.get(state.current)?.accounts[0] : undefined),
  (address) => (shown.textContent = address ?? 'Not connected'),
)

mountCalls(config, document.querySelector('#calls')!)

const connector = (id: string) => config.connectors.find((c) => c.id === id)!

const app = {
  connectorIds: () => config.connectors.map((c) => c.id),
  connect: async (id: string) => (await connect(config, { connector: connector(id) })).accounts[0],
  async send(to: `0x${string}`) {
    const hash = await sendTransaction(config, { to, value: parseEther('0.01') })
    return (await waitForTransactionReceipt(config, { hash })).status
  },
  /** A batch that must be atomic: the wallet's error under viem's, by name and code (an EOA has no atomic batches). */
  sendAtomicCalls: () =>
    sendCalls(config, { calls: [...TRANSFERS], forceAtomic: true }).then(
      () => 'sent',
      (error: BaseError) => {
        const coded = error.walk((cause) => typeof (cause as { code?: unknown }).code === 'number') as (Error & { code: number }) | null
        return `${coded?.name} ${coded?.code}`
      },
    ),
  disconnect: () => disconnect(config),
  status: () => config.state.status,
}

/** What the test drives the page through. */
export type ConnectorsApp = typeof app

Object.assign(window, { app })
