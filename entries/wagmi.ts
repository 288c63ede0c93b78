/**
 * The `portico/wagmi` entry: Portico on the app's own wagmi config (wagmi 2 or 3), through
 * wagmi's public API only. `wagmiPlugin({ config })` takes the place of `eip155Plugin()`;
 * wagmi and @tanstack/react-query are the app's (optional peers of Portico).
 *
 * @example
 * import { createConfig, http } from 'wagmi'
 * import { mainnet, base } from 'wagmi/chains'
 * import { createPortico } from 'portico'
 * import { wagmiPlugin } from 'portico/wagmi'
 *
 * export const config = createConfig({
 *   chains: [mainnet, base],
 *   transports: { [mainnet.id]: http(), [base.id]: http() },
 *   ssr: true,
 * })
 * export const kit = createPortico({ projectId, plugins: [wagmiPlugin({ config })] })
 */
export { wagmiPlugin, type WagmiPluginOptions } from '../plugins/wagmi/index.ts'
import type { CreateConnectorFn } from 'wagmi'
import { type PorticoConnectorsOptions, createPorticoConnectors } from '../plugins/wagmi/porticoConnectors.ts'

export type { PorticoConnectorsOptions }
export type { WagmiConfig, WagmiConnector, WagmiConnection, WagmiState } from '../plugins/wagmi/wagmiConfig.ts'

/**
 * Portico's embedded wallet (email login, when `frame` is given) and WalletConnect (when
 * `walletConnect: walletConnectPlugin()` is given) as wagmi connectors, for wagmi 2 and 3.
 * Without `wagmiPlugin`, the kit behind them is made on first use (wagmiConnectorsKit.ts).
 */
export function porticoConnectors(options: PorticoConnectorsOptions): CreateConnectorFn[] {
  return createPorticoConnectors(options, async (own, networks) => (await import('./wagmiConnectorsKit.ts')).createOwnKit(own, networks))
}
