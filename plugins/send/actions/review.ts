import type { SendFlow } from '../flow.ts'

/** Checks every rule; on success shows the review, else keeps the refusal in `error`. */
export function review({ deps, store, check }: SendFlow): boolean {
  const result = check()
  if (!result.ok) {
    store.set({ error: result.message })
    return false
  }
  store.set({ error: undefined })
  deps.router.push(deps.previewView)
  return true
}
