import type { SendFlow } from '../flow.ts'
import { tokenKey } from '../tokens.ts'

/** The form is shown: loads the namespace's sender, picks a token, reads the fee. */
export async function open({ deps, store, active, tokens, senderFor, requote }: SendFlow): Promise<void> {
  const record = active()
  if (!record) return
  // The token list comes from the portfolio (cached 30 s); it fills the select when it answers.
  deps.refreshTokens(false).catch((error: unknown) => deps.logger.warn('[Portico] send: token balances failed', error))
  const sender = await senderFor(record.namespace)
  // Switched to another namespace while its sender loaded: the open that follows the switch wins.
  if (active()?.namespace !== record.namespace) return
  const list = tokens()
  const current = store.get().token
  const token = (current && list.find((t) => tokenKey(t) === tokenKey(current))) ?? list[0]
  store.set({ sender, token })
  await requote()
}
