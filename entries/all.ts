/**
 * The `portico/all` entry: every plugin that ships with Portico, for apps that want
 * the whole set rather than choosing by import. Each plugin still downloads only
 * when it is first needed, but all of them (and their SDKs: `@solana/web3.js`,
 * `@walletconnect/universal-provider`) are part of the app's build. Email login (with
 * the embedded wallet it brings) is among them and shows where `endpoints.frame` is set, and
 * social login beside it (the frame server must have the providers configured);
 * so is sign-in with the wallet, active where `siwx` or `siweConfig` is set.
 */
import type { PluginManifest } from '../kernel/index.ts'
import { emailPlugin } from './email.ts'
import { socialsPlugin } from './socials.ts'
import { bip122Plugin } from '../plugins/namespaces/bip122/index.ts'
import { historyPlugin } from '../plugins/history/index.ts'
import { namesPlugin } from '../plugins/names/index.ts'
import { eip155Plugin } from '../plugins/namespaces/eip155/index.ts'
import { polkadotPlugin } from '../plugins/namespaces/polkadot/index.ts'
import { solanaPlugin } from '../plugins/namespaces/solana/index.ts'
import { portfolioPlugin } from '../plugins/portfolio/index.ts'
import { receivePlugin } from '../plugins/receive/index.ts'
import { sendPlugin } from '../plugins/send/index.ts'
import { swapsPlugin } from '../plugins/swaps/index.ts'
import { onrampPlugin } from '../plugins/onramp/index.ts'
import { siwxPlugin } from '../plugins/siwx/index.ts'
import { walletConnectPlugin } from '../plugins/walletconnect/index.ts'

/**
 * Every built-in plugin with default options. A plugin in `replacements` takes the
 * place of the built-in one with the same id; one with a new id is added.
 *
 * @example
 * createPortico({
 *   projectId,
 *   networks: [mainnet, solana],
 *   plugins: allPlugins([walletConnectPlugin({ provider: { relayTimeoutMs: 5_000 } })]),
 * })
 */
export function allPlugins(replacements: readonly PluginManifest[] = []): PluginManifest[] {
  const builtin = [
    receivePlugin(),
    sendPlugin(),
    swapsPlugin(),
    onrampPlugin(),
    portfolioPlugin(),
    historyPlugin(),
    namesPlugin(),
    eip155Plugin(),
    solanaPlugin(),
    bip122Plugin(),
    polkadotPlugin(),
    walletConnectPlugin(),
    emailPlugin(),
    socialsPlugin(),
    siwxPlugin(),
  ]
  const replaced = builtin.map((plugin) => replacements.find((r) => r.id === plugin.id) ?? plugin)
  return [...replaced, ...replacements.filter((r) => !builtin.some((plugin) => plugin.id === r.id))]
}

export {
  bip122Plugin,
  eip155Plugin,
  emailPlugin,
  historyPlugin,
  namesPlugin,
  onrampPlugin,
  polkadotPlugin,
  portfolioPlugin,
  receivePlugin,
  sendPlugin,
  swapsPlugin,
  siwxPlugin,
  socialsPlugin,
  solanaPlugin,
  walletConnectPlugin,
}
