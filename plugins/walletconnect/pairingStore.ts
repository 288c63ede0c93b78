import { type Disposer, type KernelHooks, type PorticoStorage, type Store, createStore, createToken } from '../../kernel/index.ts'

/** The pending WalletConnect pairing the views show (QR code, deep links). */
export interface PairingState {
  /** The pairing uri shown as a QR code; reset when the modal closes or a wallet disconnects. */
  readonly wcUri?: string
  /** Epoch ms at which the pairing expires. */
  readonly wcPairingExpiry?: number
  readonly wcError: boolean
}

export type PairingStore = Store<PairingState>

/** The plugin's pairing state in the kit's container, for tools and tests that watch it. */
export const IPairingStore = createToken<PairingStore>('IWalletConnectPairing')

export function createPairingStore(): PairingStore {
  return createStore<PairingState>({ wcError: false })
}

/**
 * Nobody can scan a pairing the modal no longer shows: closing the modal resets it.
 * A disconnect resets it too, and forgets the deep link the visitor chose for it.
 */
export function clearPairingOnCloseAndDisconnect(hooks: KernelHooks, pairing: PairingStore, storage: PorticoStorage): Disposer {
  const reset = () => pairing.set({ wcUri: undefined, wcPairingExpiry: undefined })
  const disposers = [
    hooks.addCloseCleanup(reset),
    hooks.addDisconnectCleanup(() => {
      reset()
      storage.remove('deepLinkChoice')
    }),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
