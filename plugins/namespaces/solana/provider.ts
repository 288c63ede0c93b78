import type { Transaction, VersionedTransaction } from '@solana/web3.js'
import { type CaipNetwork, ErrorText, NativeDecimals, PorticoError, SnackText, isSolanaAddress, isUnsupportedPlaceholder } from '../../../kernel/index.ts'
import { parseOrThrow, parsePositiveUnits, WalletError } from '../../../kernel/wallets/index.ts'
import { encodeBase58 } from '../../../protocol/base58.ts'
import { type SolanaStandardChain, standardChainOf } from './chains.ts'
import { SolanaErrorText } from './errors.ts'
import type { Connections, PreparedTransfer } from './rpc.ts'
import { type SolanaSendOptions, SolanaSendOptionsSchema } from './schemas.ts'
import type { SolanaWallet } from './wallet.ts'

/** A transaction as the host app holds it: a web3.js v1 object (legacy or versioned) or wire bytes. */
export type SolanaTransactionInput = Transaction | VersionedTransaction | Uint8Array

export type { PreparedTransfer } from './rpc.ts'

export interface PrepareTransferParameters {
  /** In base units: lamports, or the token's smallest unit. 0 prices a transfer without making one. */
  readonly amount: bigint
  /** base58 address of the receiving account (its owner, for a token). */
  readonly receiver: string
  /** The SPL token's mint (Token or Token-2022); absent for SOL. */
  readonly mint?: string
}

export interface SendSolParameters {
  /** SOL as a decimal string or number, e.g. '0.01'. */
  readonly amount?: string | number
  /** base58 address. */
  readonly receiver?: string
}

/**
 * What `kit.getProvider('solana')` returns while a Solana wallet is connected:
 * signing and sending for the host app, on the kit's Solana network (Solana
 * signing uses the default chain).
 */
export interface SolanaProvider {
  /** The wallet's own object (a Wallet Standard wallet or a legacy provider). */
  readonly wallet: unknown
  /** The connected account (base58). */
  readonly address: string | undefined
  /** The Wallet Standard chain signing uses now. */
  readonly chain: SolanaStandardChain
  /** Signs bytes or UTF-8 text; resolves with the 64-byte ed25519 signature. */
  signMessage(message: Uint8Array | string): Promise<Uint8Array>
  /** Signs without sending; resolves with the signed transaction of the same kind. */
  signTransaction<T extends SolanaTransactionInput>(transaction: T): Promise<T extends Uint8Array ? Uint8Array : Transaction | VersionedTransaction>
  /** Signs and sends with the given send options; resolves with the base58 signature. */
  signAndSendTransaction(transaction: SolanaTransactionInput, options?: SolanaSendOptions): Promise<string>
  /**
   * Sends SOL from the connected account. Without a valid amount and receiver it
   * throws 'Please enter a valid amount and receiver address'; a failure throws
   * (and shows as a snack) 'Failed to send transaction. Please try again.'
   */
  sendSol(parameters: SendSolParameters): Promise<string>
  /**
   * An unsigned transfer from the connected account on the kit's Solana network, for
   * `signAndSendTransaction`: SOL, or a token of `mint` between associated token accounts,
   * creating the receiver's when it has none (the sender pays its rent). With what it
   * costs beyond the amount and the account's SOL now. An amount below 0 or a receiver or
   * mint that is not an address throws 'Please enter a valid amount and receiver address'.
   */
  prepareTransfer(parameters: PrepareTransferParameters): Promise<PreparedTransfer>
}

export interface ProviderDeps {
  readonly wallet: SolanaWallet
  readonly network: () => CaipNetwork | undefined
  readonly address: () => string | undefined
  readonly rpc: () => Promise<{ module: typeof import('./rpc.ts'); connections: Connections }>
  readonly onSendFailed?: (message: string) => void
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array

/** Wire bytes of a host transaction; a legacy one may still lack signatures (the wallet adds them). */
function toBytes(transaction: SolanaTransactionInput): Uint8Array {
  if (isBytes(transaction)) return transaction
  try {
    if (typeof (transaction as { serialize?: unknown })?.serialize === 'function') {
      return (transaction as Transaction).serialize({ requireAllSignatures: false, verifySignatures: false })
    }
  } catch (cause) {
    throw new PorticoError(SolanaErrorText.INVALID_TRANSACTION, { details: (cause as Error)?.message, cause })
  }
  throw new PorticoError(SolanaErrorText.INVALID_TRANSACTION)
}

const isVersioned = (transaction: unknown) => {
  try {
    return typeof transaction === 'object' && transaction !== null && 'version' in transaction
  } catch {
    return false
  }
}

export function parseSendOptions(options: unknown): SolanaSendOptions {
  return parseOrThrow(SolanaSendOptionsSchema, options ?? {}, (issue) => new PorticoError(SolanaErrorText.INVALID_OPTIONS, { details: issue }))
}

export function createSolanaProvider(deps: ProviderDeps): SolanaProvider {
  const { wallet } = deps
  const account = () => {
    const address = deps.address()
    if (!address) throw new WalletError(SolanaErrorText.NOT_CONNECTED, { method: 'account' })
    return address
  }
  const network = () => {
    const current = deps.network()
    if (!current || isUnsupportedPlaceholder(current)) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
    return current
  }

  const signAndSend = async (bytes: Uint8Array, options: SolanaSendOptions): Promise<string> => {
    const from = account()
    const target = network()
    const chain = standardChainOf(target)
    if (wallet.canSend) return encodeBase58(await wallet.signAndSendTransaction(from, bytes, chain, options))
    // A wallet that only signs: the adapter sends through the network's RPC.
    const signed = await wallet.signTransaction(from, bytes, chain)
    const { module, connections } = await deps.rpc()
    return module.sendRawTransaction(connections.get(target), signed, options)
  }

  return {
    wallet: wallet.raw,
    get address() {
      return deps.address()
    },
    get chain() {
      return standardChainOf(network())
    },
    async signMessage(message) {
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      if (!isBytes(bytes)) throw new PorticoError(SolanaErrorText.INVALID_TRANSACTION, { details: 'message must be bytes or text' })
      return wallet.signMessage(account(), bytes)
    },
    async signTransaction(transaction) {
      const signed = await wallet.signTransaction(account(), toBytes(transaction), standardChainOf(network()))
      if (isBytes(transaction)) return signed as never
      const { module } = await deps.rpc()
      return module.transactionFromBytes(signed, isVersioned(transaction)) as never
    },
    async signAndSendTransaction(transaction, options) {
      return signAndSend(toBytes(transaction), parseSendOptions(options))
    },
    async prepareTransfer({ amount, receiver, mint }) {
      if (typeof amount !== 'bigint' || amount < 0n || !isSolanaAddress(receiver) || (mint !== undefined && !isSolanaAddress(mint))) {
        throw new PorticoError(ErrorText.SOLANA_AMOUNT_AND_RECEIVER_REQUIRED)
      }
      const from = account()
      const { module, connections } = await deps.rpc()
      try {
        return await module.prepareTransfer(connections.get(network()), { from, to: receiver, amount, ...(mint ? { mint } : {}) })
      } catch (cause) {
        throw cause instanceof PorticoError ? cause : module.rpcError('prepareTransfer', cause)
      }
    },
    async sendSol({ amount, receiver } = {}) {
      const lamports = parsePositiveUnits(amount, NativeDecimals.solana)
      if (lamports === undefined || !isSolanaAddress(receiver)) {
        throw new PorticoError(ErrorText.SOLANA_AMOUNT_AND_RECEIVER_REQUIRED)
      }
      try {
        const from = account()
        const { module, connections } = await deps.rpc()
        const transfer = await module.buildTransfer(connections.get(network()), from, receiver, lamports)
        return await signAndSend(transfer, {})
      } catch (cause) {
        deps.onSendFailed?.(SnackText.SOLANA_SEND_FAILED)
        throw new PorticoError(SnackText.SOLANA_SEND_FAILED, { cause, details: cause instanceof PorticoError ? cause.shortMessage : undefined })
      }
    },
  }
}
