import { type Environment, PorticoError } from '../../kernel/index.ts'
import { PAIRING_EXPIRY_MARGIN_MS } from './constants.ts'
import { isPairingExpired, pairingExpiry } from './pairingExpiry.ts'
import type { PairingStore } from './pairingStore.ts'

/** Why a pending connection through WalletConnect ended without a session. */
export const PairingErrorText = {
  /** The modal closed (or the kit disconnected): the uri was reset, so nobody can scan it any more. */
  CLOSED: 'The WalletConnect pairing was closed',
  /** The relay connection dropped while the QR code showed, and did not come back in time. */
  RELAY_LOST: 'The connection to the WalletConnect relay was lost',
} as const

export interface PairingDeps<S> {
  readonly pairing: PairingStore
  readonly environment: Environment
  /** Starts a fresh pairing; the uri arrives through `uriReceived`; resolves with the approved session. */
  pair(): Promise<S>
  /** Starts a kernel connect through the WalletConnect connector, which comes back for `approval()`. */
  startConnect(): Promise<void>
  /** How long a lost relay connection may take to come back before a pending pairing fails. */
  readonly relayTimeoutMs: number
  readonly now?: () => number
}

export interface PairingLifecycle<S> {
  /**
   * The approved session of the pending attempt (the adapter's `connect` waits
   * on it), starting a pairing when none is pending.
   */
  approval(): Promise<S>
  /**
   * A view wants a pairing uri to show: with no pending attempt a
   * connect starts; a pending pairing is restarted with a fresh uri, except on
   * Telegram or iOS Safari, where it is reused while it has not expired. A retry
   * always makes a fresh one.
   */
  request(options?: { readonly retry?: boolean }): void
  /** The provider's `display_uri`: shown, with its expiry, until it is refreshed. */
  uriReceived(uri: string): void
  /**
   * The relay connection dropped. A pairing whose uri is shown waits for it to
   * come back, and fails (wcError) when it has not within `relayTimeoutMs`.
   */
  relayLost(): void
  /**
   * The relay connection is back. A pairing shown while it was down is made
   * again: a relay that restarted has forgotten the proposal the old uri leads
   * to, so a wallet scanning it would wait forever.
   */
  relayBack(): void
  /** Whether a connect is waiting for the wallet. */
  pending(): boolean
  dispose(): void
}

interface Attempt<S> {
  readonly promise: Promise<S>
  resolve(session: S): void
  reject(error: unknown): void
}

/**
 * The pairing lifecycle: a uri expires about 4 minutes after it is
 * set and counts as expired at 10 s or less remaining, when a fresh one is made;
 * Telegram and iOS Safari reuse a pending pairing; closing the modal (which
 * resets the uri) ends the attempt. Pure of the provider: `pair` is injected.
 */
export function createPairingLifecycle<S>(deps: PairingDeps<S>): PairingLifecycle<S> {
  const now = deps.now ?? (() => Date.now())
  let attempt: Attempt<S> | undefined
  /** Bumped per pairing, so the answer of a replaced pairing is ignored. */
  let generation = 0
  /** A view asked for a connect that has not reached `approval()` yet. */
  let starting = false
  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  /** Set while the relay is down under a shown uri: fails the attempt when it stays down. */
  let relayLostTimer: ReturnType<typeof setTimeout> | undefined
  let interrupted = false

  const reusesPairings = () => deps.environment.isTelegram() || deps.environment.isIosSafari()

  const settle = () => {
    attempt = undefined
    clearTimeout(refreshTimer)
    clearTimeout(relayLostTimer)
    interrupted = false
  }

  const startPairing = () => {
    const current = ++generation
    clearTimeout(refreshTimer)
    deps.pairing.set({ wcError: false })
    deps.pair().then(
      (session) => {
        if (current !== generation || !attempt) return
        const done = attempt
        settle()
        // The uri is used up; resetting it here is not a close.
        deps.pairing.set({ wcUri: undefined, wcPairingExpiry: undefined })
        done.resolve(session)
      },
      (error: unknown) => {
        if (current !== generation || !attempt) return
        const failed = attempt
        settle()
        deps.pairing.set({ wcError: true })
        failed.reject(error)
      },
    )
  }

  const newAttempt = (): Attempt<S> => {
    let resolve!: (session: S) => void
    let reject!: (error: unknown) => void
    const promise = new Promise<S>((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise, resolve, reject }
  }

  // Closing the modal resets the uri; a pending attempt can no longer be scanned, so it ends.
  let lastUri = deps.pairing.get().wcUri
  const stopWatching = deps.pairing.subscribe(({ wcUri }) => {
    const was = lastUri
    lastUri = wcUri
    if (was !== undefined && wcUri === undefined && attempt) {
      const closed = attempt
      settle()
      generation++
      closed.reject(new PorticoError(PairingErrorText.CLOSED))
    }
  })

  return {
    approval() {
      starting = false
      if (attempt) return attempt.promise
      attempt = newAttempt()
      const { promise } = attempt
      startPairing()
      return promise
    },
    request({ retry = false } = {}) {
      if (!attempt) {
        if (starting) return
        starting = true
        deps
          .startConnect()
          .catch(() => undefined)
          .finally(() => (starting = false))
        return
      }
      const { wcUri, wcPairingExpiry } = deps.pairing.get()
      const reusable = wcUri !== undefined && !isPairingExpired(wcPairingExpiry, now())
      if (!retry && reusable && reusesPairings()) return
      startPairing()
    },
    uriReceived(uri) {
      if (!attempt) return
      const expiry = pairingExpiry(now())
      deps.pairing.set({ wcUri: uri, wcPairingExpiry: expiry, wcError: false })
      clearTimeout(refreshTimer)
      // Refresh the moment it starts counting as expired.
      refreshTimer = setTimeout(
        () => {
          if (attempt && deps.pairing.get().wcUri === uri) startPairing()
        },
        Math.max(0, expiry - PAIRING_EXPIRY_MARGIN_MS - now()),
      )
    },
    relayLost() {
      if (!attempt || interrupted || deps.pairing.get().wcUri === undefined) return
      interrupted = true
      relayLostTimer = setTimeout(() => {
        const failed = attempt
        if (!failed) return
        settle()
        generation++
        deps.pairing.set({ wcError: true })
        failed.reject(new PorticoError(PairingErrorText.RELAY_LOST))
      }, deps.relayTimeoutMs)
    },
    relayBack() {
      if (!interrupted) return
      interrupted = false
      clearTimeout(relayLostTimer)
      if (attempt) startPairing()
    },
    pending: () => Boolean(attempt) || starting,
    dispose() {
      stopWatching()
      const ended = attempt
      settle()
      generation++
      ended?.reject(new PorticoError(PairingErrorText.CLOSED))
    },
  }
}
