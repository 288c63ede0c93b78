import type { SwapFlow } from '../flow.ts'

export function setAmount({ store, requote }: SwapFlow, text: string): void {
  store.set({ amount: text })
  void requote()
}
