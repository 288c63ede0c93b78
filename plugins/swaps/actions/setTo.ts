import type { SwapFlow } from '../flow.ts'

export function setTo({ store, requote }: SwapFlow, k: string): void {
  const { toKey, fromKey } = store.get()
  store.set({ toKey: k, ...(k === fromKey ? { fromKey: toKey } : {}) })
  void requote()
}
