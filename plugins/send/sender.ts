import type { CaipNetwork, ChainNamespace } from '../../kernel/index.ts'

/**
 * The seam between the send flow and a chain: the form, its rules and views are the
 * same on every namespace; what a namespace knows (its address rule, its fee, how a
 * transfer is built and sent) is a `NamespaceSender`. `SENDERS` in index.ts maps each namespace
 * to a lazily loaded one, so only the active namespace's code is downloaded.
 */
export interface NamespaceSender {
  readonly namespace: ChainNamespace
  /** Whether `text` is a receiver address on this namespace (kernel/validation/address.ts). */
  isValidReceiver(text: string): boolean
  /**
   * The fee of the send the form describes, and the account's native balance read now.
   * `receiver` and `amount` may be missing while the form is incomplete: estimate for a
   * stand-in then (the sender itself, the whole balance).
   */
  quote(draft: SendDraft, context: SenderContext): Promise<SendQuote>
  /** Submits the transfer; resolves with its hash (or signature) once the wallet has sent it. */
  send(request: SendRequest, context: SenderContext): Promise<string>
  /** The snack a failed send shows (SPEC §8: EVM and Solana word it differently). */
  readonly failureText: string
  /** The unit price of gas as a person reads it, e.g. "1.5 gwei". */
  formatGasPrice(gasPrice: bigint): string
}

/** What a sender may use: the kit's request gateway and the account it sends from. */
export interface SenderContext {
  /** `kit.request`: every wallet call goes through the kit (allow lists, the connected wallet). */
  request(request: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  /** The sending account's address, as the wallet gave it. */
  readonly from: string
  readonly network: CaipNetwork
  /** The connected wallet's provider for this namespace, for senders that need more than `request`. */
  provider(): unknown
}

/** The token being sent, in base units (no float anywhere near an amount). */
export interface SendToken {
  readonly name: string
  readonly symbol: string
  /** The token's contract (EVM) or mint (Solana); absent for the native currency. */
  readonly address?: string
  readonly decimals: number
  /** What the account holds, in base units. */
  readonly balance: bigint
  /** Dollar price of one whole token; 0 when the price source has none. */
  readonly price: number
  readonly iconUrl?: string
}

/** The form as far as it is filled in. */
export interface SendDraft {
  readonly token: SendToken
  readonly amount?: bigint
  readonly receiver?: string
}

/** A checked send: every field present and valid. */
export interface SendRequest extends SendDraft {
  readonly amount: bigint
  readonly receiver: string
}

export interface SendQuote {
  /** Price of one unit of gas in the native currency's base units (EVM: wei). */
  readonly gasPrice: bigint
  /** What the send costs in the native currency's base units; undefined when it could not be estimated. */
  readonly fee: bigint | undefined
  /** The account's native balance in base units. */
  readonly nativeBalance: bigint
}
