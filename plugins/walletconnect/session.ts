import type { UniversalProvider, UniversalProviderOpts } from '@walletconnect/universal-provider'
import * as v from 'valibot'
import {
  type AlertService,
  DEFAULT_RELAY_URL,
  type PorticoConfig,
  PorticoError,
  ProviderErrorAlert,
  ProviderErrorText,
} from '../../kernel/index.ts'
import { optionalNamespaces } from './namespaces.ts'

// The package's named export is a const typed as the class; its instances are this.
export type Provider = InstanceType<typeof UniversalProvider>
export type Session = NonNullable<Provider['session']>

/** How long the relay has to let a pairing uri come through before the attempt fails (Portico's choice). */
export const RELAY_TIMEOUT_MS = 15_000

export const SessionErrorText = {
  RELAY_TIMEOUT: 'The WalletConnect relay did not answer in time',
  NO_SESSION: 'The wallet did not approve a session',
} as const

/** Where and how the universal provider keeps its keys and sessions; the defaults suit a browser. */
export interface WalletConnectProviderOptions {
  /** A key-value storage (Node tests share one between two kits to test the restore). */
  readonly storage?: UniversalProviderOpts['storage']
  readonly storageOptions?: UniversalProviderOpts['storageOptions']
  /** Keeps two kits' providers apart in one storage. */
  readonly customStoragePrefix?: string
  /** The provider's log level; 'error' by default. */
  readonly logLevel?: string
  /** How long a pairing uri may take to come through the relay; RELAY_TIMEOUT_MS by default. */
  readonly relayTimeoutMs?: number
}

/** What the session reports to the plugin, already filtered to the current session's topic. */
export interface SessionListener {
  uri(uri: string): void
  /** A wallet event (accountsChanged, chainChanged) with the CAIP-2 chain it was sent for. */
  event(name: string, data: unknown, chainId: string): void
  /** The wallet changed the session's namespaces (accounts or chains). */
  updated(session: Session): void
  /** The wallet deleted the session, or it expired. */
  ended(): void
}

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

const SessionEventSchema = v.object({
  topic: v.string(),
  params: v.object({ event: v.object({ name: v.string(), data: v.unknown() }), chainId: v.string() }),
})
const TopicSchema = v.object({ topic: v.string() })

export interface SessionClientDeps {
  readonly config: PorticoConfig
  readonly options: WalletConnectProviderOptions
  readonly listener: SessionListener
  readonly alerts: AlertService
  readonly logger: Pick<Console, 'warn' | 'error'>
}

/**
 * The universal provider behind `import()`: nothing of WalletConnect downloads
 * until a visitor picks it or a stored session is resumed (issue 5).
 */
export function createSessionClient({ config, options, listener, alerts, logger }: SessionClientDeps): SessionClient {
  let starting: Promise<Provider> | undefined
  let instance: Provider | undefined
  let disposed = false
  /** The topic the wallet deleted (or that expired): nothing is left to end on its side. */
  let endedTopic: string | undefined
  const unwire: (() => void)[] = []

  /** SPEC §8: relay errors that name a known cause raise their alert, once each. */
  const report = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    for (const text of Object.values(ProviderErrorText)) {
      if (message.includes(text)) alerts.report(ProviderErrorAlert[text])
    }
  }

  const wire = (provider: Provider) => {
    const isCurrent = (topic: string) => topic === provider.session?.topic
    const onUri = (uri: unknown) => typeof uri === 'string' && listener.uri(uri)
    const onEvent = (payload: unknown) => {
      const parsed = v.safeParse(SessionEventSchema, payload)
      if (!parsed.success || !isCurrent(parsed.output.topic)) return
      const { event, chainId } = parsed.output.params
      listener.event(event.name, event.data, chainId)
    }
    const onUpdate = (payload: unknown) => {
      const parsed = v.safeParse(TopicSchema, payload)
      if (parsed.success && isCurrent(parsed.output.topic) && provider.session) listener.updated(provider.session)
    }
    // The provider clears its session on delete before telling us; the topic check is on the client's event.
    let liveTopic: string | undefined
    const remember = () => (liveTopic = provider.session?.topic)
    const onEnded = (payload: unknown) => {
      const parsed = v.safeParse(TopicSchema, payload)
      if (parsed.success && parsed.output.topic === liveTopic) {
        liveTopic = undefined
        endedTopic = parsed.output.topic
        listener.ended()
      }
    }
    const onRelayError = (error: unknown) => report(error)
    provider.on('display_uri', onUri)
    provider.on('connect', remember)
    provider.client.on('session_event', onEvent)
    provider.client.on('session_update', onUpdate)
    provider.client.on('session_delete', onEnded)
    provider.client.on('session_expire', onEnded)
    provider.client.core.relayer.on('relayer_error', onRelayError)
    remember()
    unwire.push(() => {
      provider.removeListener('display_uri', onUri)
      provider.removeListener('connect', remember)
      provider.client.off('session_event', onEvent)
      provider.client.off('session_update', onUpdate)
      provider.client.off('session_delete', onEnded)
      provider.client.off('session_expire', onEnded)
      provider.client.core.relayer.off('relayer_error', onRelayError)
    })
  }

  const start = async (): Promise<Provider> => {
    const { UniversalProvider } = await import('@walletconnect/universal-provider')
    const provider = await UniversalProvider.init({
      projectId: config.projectId ?? '',
      relayUrl: config.endpoints.relay,
      metadata: config.metadata ?? {
        name: globalThis.document?.title || 'Portico',
        description: '',
        url: globalThis.location?.origin ?? 'http://localhost',
        icons: [],
      },
      logger: options.logLevel ?? 'error',
      telemetryEnabled: false,
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
      ...(options.customStoragePrefix ? { customStoragePrefix: options.customStoragePrefix } : {}),
    })
    if (disposed) {
      await closeTransport(provider)
      throw new PorticoError('The WalletConnect plugin was disposed')
    }
    if (config.endpoints.relay !== DEFAULT_RELAY_URL) skipVerify(provider)
    wire(provider)
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
      let timer: ReturnType<typeof setTimeout> | undefined
      const gotUri = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PorticoError(SessionErrorText.RELAY_TIMEOUT, { details: config.endpoints.relay })), options.relayTimeoutMs ?? RELAY_TIMEOUT_MS)
        p.once('display_uri', () => clearTimeout(timer))
      })
      try {
        const session = await Promise.race([
          p.connect({ optionalNamespaces: optionalNamespaces(config.networks) as never }),
          gotUri,
        ])
        if (!session) throw new PorticoError(SessionErrorText.NO_SESSION)
        return session
      } catch (error) {
        report(error)
        throw error
      } finally {
        clearTimeout(timer)
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

/**
 * WalletConnect Verify vouches for an app's domain through a hidden iframe from
 * WalletConnect's cloud, which only serves apps on its own relay. With another
 * relay (self-hosted, or the local one of tests and the demo) it can only fail:
 * it would load a remote frame (blocked by a strict CSP, impossible offline) and
 * hold every proposal for up to 5 s. It is skipped then, exactly as the library
 * skips it in its own test runs: no attestation, and the wallet shows the
 * domain as unverified.
 */
export function skipVerify(provider: Provider): void {
  provider.client.core.verify.register = async () => ''
}

async function closeTransport(provider: Provider) {
  try {
    await provider.client.core.relayer.transportClose()
  } catch {
    // already closed
  }
}
