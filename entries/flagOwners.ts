import type { PluginFlagOwners, PluginKeyOwners } from '../kernel/index.ts'

/**
 * The well-known flags under `features` and the plugin behind each, so that setting
 * one without listing its plugin names what to add. Each plugin still defines and
 * validates its own flag; this table only words the error.
 */
export const PLUGIN_FLAG_OWNERS: PluginFlagOwners = {
  receive: "receivePlugin() from 'portico/receive'",
  allWallets: "walletConnectPlugin() from 'portico/walletconnect'",
  email: "emailPlugin() from 'portico/email'",
  emailShowWallets: "emailPlugin() from 'portico/email'",
  socials: "socialsPlugin() from 'portico/socials'",
  swaps: "swapsPlugin() from 'portico/swaps'",
  onramp: "onrampPlugin() from 'portico/onramp'",
  send: "sendPlugin() from 'portico/send'",
  history: "historyPlugin() from 'portico/history'",
}

/** The same for the top-level options a plugin owns (`contributes.config`). */
export const PLUGIN_CONFIG_OWNERS: PluginKeyOwners = {
  siwx: "siwxPlugin() from 'portico/siwx'",
  siweConfig: "siwxPlugin() from 'portico/siwx'",
}
