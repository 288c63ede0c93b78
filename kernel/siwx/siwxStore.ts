import { createStore, type Store } from '../store/createStore.ts'

/** Whether a sign-in-with-wallet session exists; the SIWX plugin fills it. */
export interface SiwxState {
  readonly hasSession: boolean
}

export type SiwxStore = Store<SiwxState>

export function createSiwxStore(): SiwxStore {
  return createStore<SiwxState>({ hasSession: false })
}
