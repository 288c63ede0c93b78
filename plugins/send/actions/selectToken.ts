import type { SendFlow } from '../flow.ts'
import { tokenKey } from '../tokens.ts'

export function selectToken({ store, tokens, requote }: SendFlow, key: string): void {
  const token = tokens().find((t) => tokenKey(t) === key)
  if (!token || (store.get().token && tokenKey(store.get().token!) === key)) return
  store.set({ token, error: undefined })
  void requote()
}
