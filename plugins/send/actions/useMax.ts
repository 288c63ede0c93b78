import { formatUnits } from '../../../kernel/wallets/index.ts'
import type { SendFlow } from '../flow.ts'

/** The whole holding; for the native currency, less the fee. */
export function useMax({ store }: SendFlow): void {
  const { token, nativeBalance, fee } = store.get()
  if (!token) return
  const held = token.address ? token.balance : (nativeBalance ?? token.balance) - (fee ?? 0n)
  store.set({ sendTokenAmount: formatUnits(held > 0n ? held : 0n, token.decimals), error: undefined })
}
