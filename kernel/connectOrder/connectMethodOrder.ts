import { WALLET_LIST_METHOD } from '../config/features.ts'
import { suggestion } from '../config/didYouMean.ts'
import { ConfigError } from '../errors/base.ts'
import type { ConnectMethodContribution } from '../plugins/contributions.ts'
import type { PluginManifest } from '../plugins/manifest.ts'

/** The wallet list's place in the default order: after sections ranked below it. */
const WALLET_RANK = 100

/** A section of the Connect view: the shell's wallet list, or one a plugin contributes. */
export type ConnectMethod = { readonly id: typeof WALLET_LIST_METHOD; readonly label: string } | ConnectMethodContribution

const WALLET_METHOD: ConnectMethod = { id: WALLET_LIST_METHOD, label: 'Wallets' }

export interface ConnectMethodOrderArgs {
  /** The sections enabled plugins contribute, in rank order. */
  readonly contributed: readonly ConnectMethodContribution[]
  /** `features.connectMethodsOrder`, when the integrator set one. */
  readonly configured: readonly string[] | undefined
  /** An injected or announced wallet is shown in the Connect view. */
  readonly hasInjectedWallet: boolean
}

/**
 * The Connect view's sections: by rank, so contributed sections ranked below the
 * wallet list come first (email, then social, then wallets); the wallet list first
 * when an injected or announced wallet is shown; a configured order overrides both
 * and leaves out what it does not list.
 */
export function connectMethodOrder({ contributed, configured, hasInjectedWallet }: ConnectMethodOrderArgs): ConnectMethod[] {
  const available = [WALLET_METHOD, ...contributed]
  if (configured) return configured.flatMap((id) => available.filter((method) => method.id === id))
  if (hasInjectedWallet) return available
  const before = contributed.filter((method) => method.rank < WALLET_RANK)
  return [...before, WALLET_METHOD, ...contributed.filter((method) => method.rank >= WALLET_RANK)]
}

/**
 * A configured order may name only the wallet list and sections the listed plugins
 * contribute; a typo would otherwise hide a section without a word.
 */
export function assertKnownConnectMethods(configured: readonly string[] | undefined, plugins: readonly PluginManifest[]): void {
  const known = [WALLET_LIST_METHOD, ...plugins.flatMap((plugin) => plugin.contributes.connectMethods?.map((m) => m.id) ?? [])]
  const unknown = configured?.find((id) => !known.includes(id))
  if (unknown !== undefined) {
    throw new ConfigError('features.connectMethodsOrder', `"${unknown}" is not a connect method of the listed plugins (${known.join(', ')}).${suggestion(unknown, known)}`)
  }
}
