import { createStore, type Store } from '../store/createStore.ts'

/** WalletConnect pairing state the modal shows (QR code, deep link). */
export interface ConnectionState {
  /** The pairing uri shown as a QR code; reset when the modal closes (SPEC §4). */
  readonly wcUri?: string
  /** Epoch ms at which the pairing expires. */
  readonly wcPairingExpiry?: number
  readonly wcError: boolean
}

export type ConnectionStore = Store<ConnectionState>

export function createConnectionStore(): ConnectionStore {
  return createStore<ConnectionState>({ wcError: false })
}
