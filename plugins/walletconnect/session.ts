import { Observable, defer, firstValueFrom, merge, switchMap, takeUntil, throwError, timer } from 'rxjs'
import { type AlertService, type PorticoConfig, PorticoError, ProviderErrorAlert, ProviderErrorText } from '../../kernel/index.ts'
import { optionalNamespaces } from './namespaces.ts'
import { type SessionListener, wireSessionEvents } from './sessionEvents.ts'
import { type Provider, type Session, type WalletConnectProviderOptions, closeTransport, startUniversalProvider } from './universalProvider.ts'

export type { SessionListener } from './sessionEvents.ts'
export type { Provider, Session, WalletConnectProviderOptions } from './universalProvider.ts'

/** How long the relay has to let a pairing uri come through before the attempt fails (Portico's choice). */
export const RELAY_TIMEOUT_MS = 15_000

export const SessionErrorText = {
  RELAY_TIMEOUT: 'The WalletConnect relay did not answer in time',
  NO_SESSION: 'The wallet did not approve a session',
} as const

export interface SessionClient {
  /** Downloads and starts the universal provider once (a stored session is restored by this). */
  provider(): Promise<Provider>
  /** The provider if something already started it. */
  loaded(): Provider | undefined
  /** The live session after start, else undefined. */
  current(): Session | undefined
  /** Proposes a session for every configured network; the uri arrives through the listener. */
  pair(): Promise<Session>
  /** Ends the session on both sides; best effort on the wallet's side. */
  disconnect(): Promise<void>
  dispose(): void
}

export interface SessionClientDeps {
  readonly config: PorticoConfig
  readonly options: WalletConnectProviderOptions
  readonly listener: SessionListener
  readonly alerts: AlertService
  readonly logger: Pick<Console, 'warn' | 'error'>
}

/**
 * The WalletConnect session of one kit: the universal provider, started once and
 * on demand, pairing with its relay timeout, and disconnect.
 */
export function createSessionClient({ config, options, listener, alerts, logger }: SessionClientDeps): SessionClient {
  let starting: Promise<Provider> | undefined
  let instance: Provider | undefined
  let disposed = false
  /** The topic the wallet deleted (or that expired): nothing is left to end on its side. */
  let endedTopic: string | undefined
  const unwire: (() => void)[] = []

  /** Relay errors that name a known cause raise their alert, once each. */
  const report = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    for (const text of Object.values(ProviderErrorText)) {
      if (message.includes(text)) alerts.report(ProviderErrorAlert[text])
    }
  }

  const start = async (): Promise<Provider> => {
    const provider = await startUniversalProvider(config, options)
    if (disposed) {
      await closeTransport(provider)
      throw new PorticoError('The WalletConnect plugin was disposed')
    }
    const onEnded = (topic: string) => (endedTopic = topic)
    unwire.push(wireSessionEvents(provider, { listener, onEnded, onRelayError: report }))
    instance = provider
    return provider
  }

  const provider = () =>
    (starting ??= start().catch((error: unknown) => {
      starting = undefined
      report(error)
      logger.error('[Portico] WalletConnect could not start', error)
      throw error
    }))

  return {
    provider,
    loaded: () => instance,
    current: () => instance?.session,
    async pair() {
      const p = await provider()
      const gotUri$ = new Observable<void>((subscriber) => {
        const next = () => subscriber.next()
        p.once('display_uri', next)
        return () => p.off('display_uri', next)
      })
      // Until the uri is shown the relay is what we wait for; after it, the wallet takes its time.
      const relayTimeout$ = timer(options.relayTimeoutMs ?? RELAY_TIMEOUT_MS).pipe(
        takeUntil(gotUri$),
        switchMap(() => throwError(() => new PorticoError(SessionErrorText.RELAY_TIMEOUT, { details: config.endpoints.relay }))),
      )
      try {
        const session = await firstValueFrom(
          merge(
            defer(() => p.connect({ optionalNamespaces: optionalNamespaces(config.networks) as never })),
            relayTimeout$,
          ),
        )
        if (!session) throw new PorticoError(SessionErrorText.NO_SESSION)
        return session
      } catch (error) {
        report(error)
        throw error
      }
    },
    async disconnect() {
      const p = instance
      if (!p?.session || p.session.topic === endedTopic) return
      try {
        await p.disconnect()
      } catch (error) {
        // The wallet may be offline; this side forgets the session all the same.
        logger.warn('[Portico] WalletConnect disconnect did not reach the wallet', error)
        p.session = undefined
      }
    },
    dispose() {
      disposed = true
      unwire.splice(0).forEach((stop) => stop())
      if (instance) void closeTransport(instance)
      instance = undefined
      starting = undefined
    },
  }
}
