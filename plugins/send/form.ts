import * as v from 'valibot'
import { ErrorText } from '../../kernel/index.ts'
import { parsePositiveUnits } from '../../kernel/wallets/index.ts'
import { hasInsufficientGas } from './rules.ts'
import type { NamespaceSender, SendRequest, SendToken } from './sender.ts'

/** Why a send is refused before the wallet is asked. */
export const SendRefusal = {
  NO_TOKEN: 'Select a token to send',
  /** SPEC §5/§8: the one text for a missing or malformed amount or receiver. */
  INVALID_INPUT: ErrorText.SOLANA_AMOUNT_AND_RECEIVER_REQUIRED,
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  INSUFFICIENT_GAS: 'Insufficient funds for gas',
} as const

export interface SendCheckInput {
  readonly token: SendToken | undefined
  readonly amount: string
  readonly receiver: string
  readonly sender: NamespaceSender
  /** The account's native balance in base units, as last read. */
  readonly nativeBalance: bigint
  /** The send's fee in native base units; undefined until estimated. */
  readonly fee: bigint | undefined
  readonly smartAccount: boolean
}

export type SendCheck = { readonly ok: true; readonly request: SendRequest } | { readonly ok: false; readonly message: string }

/** The typed amount and receiver: a positive amount in the token's decimals, an address of the namespace. */
const formSchema = (decimals: number, sender: NamespaceSender) =>
  v.object({
    amount: v.pipe(
      v.string(),
      v.transform((text) => parsePositiveUnits(text, decimals)),
      v.bigint(),
    ),
    receiver: v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => sender.isValidReceiver(text)),
    ),
  })

/**
 * Every rule a send passes before the wallet is asked, in the order a person fixes them:
 * a token, a valid amount and receiver, enough of the token, enough for gas (SPEC §5).
 *
 * @example
 * checkSend({ token, amount: '1.5', receiver: '0x…', sender, nativeBalance: 0n, fee: 21_000n, smartAccount: false })
 * // { ok: false, message: 'Insufficient funds for gas' }
 */
export function checkSend(input: SendCheckInput): SendCheck {
  const { token, sender } = input
  if (!token) return { ok: false, message: SendRefusal.NO_TOKEN }
  const parsed = v.safeParse(formSchema(token.decimals, sender), { amount: input.amount, receiver: input.receiver })
  if (!parsed.success) return { ok: false, message: SendRefusal.INVALID_INPUT }
  const { amount, receiver } = parsed.output
  const native = token.address === undefined
  // The native holding is read fresh with the fee; a token's comes from the portfolio.
  if (amount > (native ? input.nativeBalance : token.balance)) return { ok: false, message: SendRefusal.INSUFFICIENT_FUNDS }
  // Gas is paid from what is left of the native currency after a native amount.
  const networkBalance = input.nativeBalance - (native ? amount : 0n)
  if (hasInsufficientGas({ networkBalance, fee: input.fee, smartAccount: input.smartAccount })) {
    return { ok: false, message: SendRefusal.INSUFFICIENT_GAS }
  }
  return { ok: true, request: { token, amount, receiver } }
}
