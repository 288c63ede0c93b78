import type { CaipNetwork } from '../../kernel/index.ts'
import { createPortico } from '../../entries/portico.ts'
import { emailPlugin } from '../../entries/email.ts'
import type { ConnectorKit, PorticoConnectorsOptions } from './connectorKit.ts'
import { chainsPlugin } from './chainsPlugin.ts'

/**
 * The kit Portico's wagmi connectors create in an app that does not list `wagmiPlugin`:
 * the wagmi config's chains, the embedded wallet's email login (wallets behind a button:
 * the app's own connect UI lists those) and, when the app gave it, WalletConnect's QR view.
 * Loaded on first use.
 */
export function createOwnKit(options: PorticoConnectorsOptions, networks: readonly CaipNetwork[]): ConnectorKit {
  return createPortico({
    projectId: options.projectId,
    endpoints: { ...(options.relay ? { relay: options.relay } : {}), ...(options.frame ? { frame: options.frame } : {}) },
    features: { emailShowWallets: false, allWallets: false },
    plugins: [chainsPlugin(networks), ...(options.frame ? [emailPlugin()] : []), ...(options.walletConnect ? [options.walletConnect] : [])],
  })
}
