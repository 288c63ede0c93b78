import { BitcoinAccountSchema } from './schemas.ts'
import { safeParse, standardAccounts } from '../../../kernel/wallets/index.ts'

/** A wallet account that passed its schema; the object itself, since Wallet Standard inputs take it. */
export type BitcoinAccount = { readonly address: string; readonly publicKey?: Uint8Array }

/** The wallet's accounts, in the order of the purposes asked for: payment first, then ordinals. */
export function accountsOf(list: readonly unknown[]): BitcoinAccount[] {
  return list.flatMap((account) => (safeParse(BitcoinAccountSchema, account) ? [account as BitcoinAccount] : []))
}

/** The accounts the wallet lists now (`wallet.accounts`). */
export const readAccounts = (wallet: unknown): BitcoinAccount[] => accountsOf(standardAccounts(wallet))
