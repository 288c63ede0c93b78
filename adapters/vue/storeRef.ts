import { type ShallowRef, onScopeDispose, shallowRef } from 'vue'
import type { Store } from '../../kernel/index.ts'

/**
 * A store as a shallow ref, kept current while the calling component (or effect scope)
 * lives: the one subscription each composable holds, let go when its scope ends.
 */
export function storeRef<S extends object>(store: Store<S>): Readonly<ShallowRef<S>> {
  // Vue's overload unwraps a value that is a ref itself; a store's frozen state never is one.
  const state = shallowRef(store.get()) as ShallowRef<S>
  onScopeDispose(store.subscribe((next) => (state.value = next)))
  return state
}
