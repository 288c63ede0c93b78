/**
 * The `portico/vue` entry: a plugin that gives components the kit, composables that return
 * refs, and the `<portico-*>` elements' types for Vue's templates. `vue` is an optional peer.
 */
export { porticoVue } from '../adapters/vue/kit.ts'
export { usePorticoAccount, type UsePorticoAccountReturnType } from '../adapters/vue/usePorticoAccount.ts'
export { usePorticoNetwork, type UsePorticoNetworkReturnType } from '../adapters/vue/usePorticoNetwork.ts'
export { usePorticoModal, type UsePorticoModalReturnType } from '../adapters/vue/usePorticoModal.ts'
export type { PorticoElementComponent } from '../adapters/vue/elementComponents.ts'
