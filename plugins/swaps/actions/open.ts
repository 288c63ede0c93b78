import * as v from 'valibot'
import { isEvmAddress } from '../../../kernel/index.ts'
import type { SwapFlow } from '../flow.ts'
import { SwapsText } from '../state.ts'
import { tokenKey } from '../tokens.ts'

/** `kit.open({ view: 'Swap', data })`: tokens by contract address or "native", an amount in whole units. */
const Token = v.union([
  v.literal('native'),
  v.pipe(
    v.string(),
    v.check((text: string) => isEvmAddress(text)),
  ),
])
const SwapArguments = v.object({
  from: v.optional(Token),
  to: v.optional(Token),
  amount: v.optional(v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))])),
})

/** The view opens: balances are read, and the swap arguments (if any) fill the form. */
export async function open({ deps, store, active, options, requote, resolveToken }: SwapFlow, data: unknown): Promise<void> {
  const owner = active()?.accountState.address as `0x${string}` | undefined
  if (!owner) return
  await deps.refreshBalances(false).catch((error: unknown) => deps.logger.warn('[Portico] swaps: token balances failed', error))
  const fallback = () => {
    const list = options()
    return { fromKey: store.get().fromKey ?? (list[0] && tokenKey(list[0])), toKey: store.get().toKey ?? (list[1] && tokenKey(list[1])) }
  }
  if (data === undefined || (typeof data === 'object' && data !== null && Object.keys(data).length === 0)) {
    store.set(fallback())
    return requote()
  }
  const parsed = v.safeParse(SwapArguments, data)
  if (!parsed.success) {
    store.set({ ...fallback(), error: SwapsText.INVALID_ARGUMENTS })
    return
  }
  try {
    const [fromKey, toKey] = await Promise.all([resolveToken(parsed.output.from, owner), resolveToken(parsed.output.to, owner)])
    store.set({ ...fallback(), ...(fromKey ? { fromKey } : {}), ...(toKey ? { toKey } : {}), amount: parsed.output.amount ?? '' })
  } catch (error) {
    deps.logger.warn('[Portico] swaps: a token of the swap arguments could not be read', error)
    store.set({ ...fallback(), error: SwapsText.INVALID_ARGUMENTS })
    return
  }
  await requote()
}
