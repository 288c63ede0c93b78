import type { SwapFlow } from '../flow.ts'

export function setFrom({ store, requote }: SwapFlow, k: string): void {
  const { toKey, fromKey } = store.get()
  // Picking the to-token as from-token swaps the two.
  store.set({ fromKey: k, ...(k === toKey ? { toKey: fromKey } : {}) })
  void requote()
}
