import type { CaipNetwork } from '../kernel/index.ts'
import type { ConnectorKit, PorticoConnectorsOptions } from '../plugins/wagmi/connectorKit.ts'
import { chainsPlugin } from '../plugins/wagmi/chainsPlugin.ts'
import { emailPlugin } from './email.ts'
import { createPortico } from './portico.ts'

/**
 * The kit Portico's wagmi connectors create in an app that does not list `wagmiPlugin`:
 * the wagmi config's chains, the embedded wallet's email login (wallets behind a button:
 * the app's own connect UI lists those) and, when the app gave it, WalletConnect's QR view.
 * Loaded on first use. It composes a kit from the entries as an app does, so it lives beside
 * them: a plugin's own files import no entry and no other plugin.
 */
export function createOwnKit(options: PorticoConnectorsOptions, networks: readonly CaipNetwork[]): ConnectorKit {
  return createPortico({
    projectId: options.projectId,
    endpoints: { ...(options.relay ? { relay: options.relay } : {}), ...(options.frame ? { frame: options.frame } : {}) },
    features: { emailShowWallets: false, allWallets: false },
    plugins: [chainsPlugin(networks), ...(options.frame ? [emailPlugin()] : []), ...(options.walletConnect ? [options.walletConnect] : [])],
  })
}
