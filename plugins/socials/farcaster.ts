import type { ChainStore, PorticoStorage, RouteEntry, SnackService } from '../../kernel/index.ts'
import type { SocialAuth } from './authPort.ts'
import { connectLoggedIn } from './connectLoggedIn.ts'
import type { SocialsStore } from './state.ts'

export const FARCASTER_VIEW = 'ConnectingFarcaster'
/** After going back from ConnectingFarcaster while disconnected, the frame reloads this much later (SPEC §2). */
export const FARCASTER_RELOAD_DELAY_MS = 100

export interface FarcasterControllerDeps {
  readonly auth: SocialAuth
  readonly storage: PorticoStorage
  readonly chains: ChainStore
  readonly state: SocialsStore
  readonly snack: SnackService
}

export interface FarcasterController {
  /**
   * The ConnectingFarcaster view is shown: the farcaster url is asked of the frame unless one
   * is kept (the plugin's state), then the visitor's signature is awaited and the kit
   * connected. Resolves once connected; an abort (the view left) rejects.
   */
  connect(signal: AbortSignal): Promise<void>
  /** The back rule: leaving ConnectingFarcaster by back while disconnected drops the url and reloads the frame. */
  popped(entry: RouteEntry): void
}

export function createFarcasterController({ auth, storage, chains, state, snack }: FarcasterControllerDeps): FarcasterController {
  /** The frame reload the back rule started: a new login waits for it, or its request would be lost with the old frame. */
  let reloading: Promise<void> = Promise.resolve()
  const setUrl = (farcasterUrl: string | undefined) => state.set({ farcasterUrl })
  return {
    async connect(signal) {
      await reloading
      if (!state.get().farcasterUrl) setUrl(await auth.getFarcasterUri({ signal }))
      let userName: string | undefined
      try {
        ;({ userName } = await auth.connectFarcaster({ signal }))
      } catch (error) {
        // A refused or expired login is spent: the next visit opens a new channel. The view left (abort) keeps it.
        if (!signal.aborted) setUrl(undefined)
        throw error
      }
      await connectLoggedIn({ auth, storage, snack }, 'farcaster', userName)
      setUrl(undefined)
    },
    popped(entry) {
      if (entry.view !== FARCASTER_VIEW || chains.isConnected()) return
      setUrl(undefined)
      reloading = new Promise<void>((resolve) => setTimeout(resolve, FARCASTER_RELOAD_DELAY_MS)).then(() => auth.reload().catch(() => undefined))
    },
  }
}
