import type { NamespaceSender, SendToken } from './sender.ts'

/**
 * The send form (SPEC §3 "Send state"), one per kit. Amounts and the receiver are kept
 * as typed, and checked only when the visitor reviews the send; the fee figures come
 * from the active namespace's sender.
 */
export interface SendState {
  readonly token?: SendToken
  readonly sendTokenAmount: string
  readonly receiverAddress: string
  /** Name and avatar of the receiver, once names can be looked up (issue 17). */
  readonly receiverProfileName?: string
  readonly receiverProfileImage?: string
  /** Price of one unit of gas, in the native currency's base units. */
  readonly gasPrice?: bigint
  /** What the send costs, in the native currency's base units. */
  readonly fee?: bigint
  /** The account's native balance as the sender last read it, in base units. */
  readonly nativeBalance?: bigint
  readonly gasPriceInUSD?: number
  readonly networkBalanceInUSD?: number
  /** The fee could not be read (node or wallet unreachable, or the transfer would revert). */
  readonly quoteFailed: boolean
  /** The active namespace's sender, once loaded. */
  readonly sender?: NamespaceSender
  readonly sending: boolean
  /** Why the last review refused, shown under the form. */
  readonly error?: string
}

export const INITIAL_SEND_STATE: SendState = {
  sendTokenAmount: '',
  receiverAddress: '',
  quoteFailed: false,
  sending: false,
}
