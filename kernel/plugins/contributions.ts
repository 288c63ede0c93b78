import type { AccountState } from '../chains/accountState.ts'
import type { CaipNetwork } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { PluginConfigContribution } from '../config/pluginConfig.ts'
import type { PorticoConfig } from '../config/schema.ts'
import type { ConnectorType } from '../connectorRegistry/connector.ts'

/**
 * Contributions are data a plugin declares up front. The kernel and the shell read
 * them to know what to show and which plugin to load, and name no feature themselves.
 * An item with `when` is shown only while `when(config)` holds (a flag of its plugin).
 */
interface Conditional {
  readonly when?: (config: PorticoConfig) => boolean
}

/** A section of the Connect view (email form, social buttons, ...). */
export interface ConnectMethodContribution extends Conditional {
  /** Unique among connect methods; what `features.connectMethodsOrder` lists. `wallet` is the shell's own. */
  readonly id: string
  /** The section's accessible name. */
  readonly label: string
  /** The component the plugin body registers in the view registry for this section. */
  readonly section: string
  /** Place in the default order, lowest first; the wallet list counts as 100. */
  readonly rank: number
  /**
   * While this holds, the wallet list waits behind a "Continue with a wallet" button so this
   * section leads (the email plugin's `emailShowWallets: false`).
   */
  readonly collapsesWallets?: (config: PorticoConfig) => boolean
}

/** A button of the Account view that opens a flow (Buy, Swap, Receive, Send). */
export interface WalletFeatureContribution extends Conditional {
  readonly id: string
  readonly label: string
  /** SVG path data on a 24×24 grid, drawn in the ui kit's stroke style beside the label. */
  readonly icon?: string
  readonly view: string
  /** Place among the wallet features, lowest first. */
  readonly rank: number
  /** Shown only while this holds for the active account (e.g. a flow for one kind of login). */
  readonly whenAccount?: (account: AccountState) => boolean
}

/** A tab of the Account view. */
export interface AccountTabContribution extends Conditional {
  readonly id: string
  readonly label: string
  /** The component the plugin body registers in the view registry for the tab's panel. */
  readonly panel: string
  readonly rank: number
}

/** The view a connector of this type connects through, instead of the shell's ConnectingExternal. */
export interface ConnectorViewContribution {
  readonly connectorType: ConnectorType
  readonly view: string
}

/** An entry at the end of the Connect view's wallet list (e.g. a full wallet catalogue). */
export interface WalletListEntryContribution extends Conditional {
  readonly id: string
  readonly label: string
  readonly view: string
}

/** The views the modal opens on when no chain adapter is configured (basic mode). */
export interface BasicModeContribution {
  readonly view: string
  readonly mobileView: string
}

/** What a plugin adds, declared up front so the kernel knows when to load its body. */
export interface PluginContributions {
  /** Views (and connect sections, tab panels) the body registers; asking for one loads the body. */
  readonly views?: readonly string[]
  readonly connectMethods?: readonly ConnectMethodContribution[]
  readonly walletFeatures?: readonly WalletFeatureContribution[]
  readonly accountTabs?: readonly AccountTabContribution[]
  readonly connectorViews?: readonly ConnectorViewContribution[]
  readonly walletListEntries?: readonly WalletListEntryContribution[]
  readonly basicMode?: BasicModeContribution
  readonly rpcMethods?: readonly string[]
  /** Namespaces this plugin is the chain adapter of. */
  readonly namespaces?: readonly ChainNamespace[]
  /**
   * Networks the plugin brings (wagmi's: its config's chains), added after the app's own
   * `networks` so the app declares them once; an id already listed is not added twice.
   */
  readonly networks?: readonly CaipNetwork[]
  /**
   * Ids of the connectors this plugin registers. A connection stored through one
   * of them loads the plugin at start to resume it.
   */
  readonly connectors?: readonly string[]
  /** CSS the modal adopts into its shadow root with the shell's own (constructable stylesheets). */
  readonly styles?: string
  /** Top-level config keys the plugin owns (`siwx`), each validated with its schema when the kit is created. */
  readonly config?: PluginConfigContribution
}
