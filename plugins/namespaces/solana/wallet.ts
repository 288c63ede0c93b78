import type { Connector, Disposer } from '../../../kernel/index.ts'
import { safeParse, WalletError } from '../../../kernel/wallets/index.ts'
import type { SolanaStandardChain } from './chains.ts'
import { SolanaErrorText } from './errors.ts'
import { fromLegacyProvider } from './legacyWallet.ts'
import { LegacyProviderSchema, type LegacySolanaProvider, type SolanaSendOptions } from './schemas.ts'
import { fromStandardWallet, isSolanaStandardWallet } from './standardWallet.ts'

/**
 * One face for the two kinds of Solana wallet: Wallet Standard wallets and the
 * legacy injected providers. Addresses are base58 strings, transactions wire bytes.
 */
export interface SolanaWallet {
  /** Wallet Standard chains the wallet declares; undefined for a legacy provider (they do not say). */
  readonly chains: readonly string[] | undefined
  /** The wallet's own object, for the host app. */
  readonly raw: unknown
  connect(silent: boolean): Promise<string[]>
  disconnect(): Promise<void>
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>
  signTransaction(address: string, transaction: Uint8Array, chain: SolanaStandardChain): Promise<Uint8Array>
  /** Whether the wallet sends transactions itself; else the adapter sends through the network's RPC. */
  readonly canSend: boolean
  /** Resolves with the signature bytes. */
  signAndSendTransaction(address: string, transaction: Uint8Array, chain: SolanaStandardChain, options: SolanaSendOptions): Promise<Uint8Array>
  /** Account changes: the new address list (empty when the wallet dropped the site). */
  onAccountsChanged(listener: (addresses: string[]) => void): Disposer
}

/** The connector's wallet, whichever kind it is, or a clear error. */
export function walletOf(connector: Connector): SolanaWallet {
  if (isSolanaStandardWallet(connector.provider)) return fromStandardWallet(connector.provider)
  // The provider itself, not the parsed copy: its methods may rely on `this`.
  if (safeParse(LegacyProviderSchema, connector.provider)) return fromLegacyProvider(connector.provider as LegacySolanaProvider)
  throw new WalletError(SolanaErrorText.NO_WALLET, { method: 'connect', details: connector.name })
}
