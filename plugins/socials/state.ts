import { type Store, createStore } from '../../kernel/index.ts'

/**
 * The social login's own state, kept by the plugin rather than in the kernel's account: the
 * provider's popup while it is open, and the Farcaster channel's url while it is kept.
 */
export interface SocialsState {
  readonly popup?: Window
  readonly farcasterUrl?: string
}

export type SocialsStore = Store<SocialsState>

export const createSocialsStore = (): SocialsStore => createStore<SocialsState>({})
