import * as v from 'valibot'
import type { Provider, Session } from './universalProvider.ts'
import { safeParse } from '../../kernel/wallets/index.ts'

/** What the session reports to the plugin, already filtered to the current session's topic. */
export interface SessionListener {
  uri(uri: string): void
  /** A wallet event (accountsChanged, chainChanged) with the CAIP-2 chain it was sent for. */
  event(name: string, data: unknown, chainId: string): void
  /** The wallet changed the session's namespaces (accounts or chains). */
  updated(session: Session): void
  /** The wallet deleted the session, or it expired. */
  ended(): void
  /** The relay socket closed (the client reconnects by itself). */
  relayLost(): void
  /** The relay socket is open again after `relayLost`. */
  relayBack(): void
}

const SessionEventSchema = v.object({
  topic: v.string(),
  params: v.object({ event: v.object({ name: v.string(), data: v.unknown() }), chainId: v.string() }),
})
const TopicSchema = v.object({ topic: v.string() })

export interface SessionWiring {
  readonly listener: SessionListener
  /** The topic of a session the wallet deleted (or that expired), before the listener hears of it. */
  readonly onEnded: (topic: string) => void
  readonly onRelayError: (error: unknown) => void
}

/**
 * Listens to the provider and its sign client, passing on only what concerns the
 * current session; relay payloads are untrusted and pass a schema first.
 *
 * @returns a disposer that removes every listener.
 */
export function wireSessionEvents(provider: Provider, { listener, onEnded, onRelayError }: SessionWiring): () => void {
  const isCurrent = (topic: string) => topic === provider.session?.topic
  const onUri = (uri: unknown) => typeof uri === 'string' && listener.uri(uri)
  const onEvent = (payload: unknown) => {
    const parsed = safeParse(SessionEventSchema, payload)
    if (!parsed || !isCurrent(parsed.topic)) return
    const { event, chainId } = parsed.params
    listener.event(event.name, event.data, chainId)
  }
  const onUpdate = (payload: unknown) => {
    const parsed = safeParse(TopicSchema, payload)
    if (parsed && isCurrent(parsed.topic) && provider.session) listener.updated(provider.session)
  }
  // The provider clears its session on delete before telling us; the topic check is on the client's event.
  let liveTopic: string | undefined
  const remember = () => (liveTopic = provider.session?.topic)
  const onDeleted = (payload: unknown) => {
    const parsed = safeParse(TopicSchema, payload)
    if (parsed && parsed.topic === liveTopic) {
      liveTopic = undefined
      onEnded(parsed.topic)
      listener.ended()
    }
  }
  provider.on('display_uri', onUri)
  provider.on('connect', remember)
  provider.client.on('session_event', onEvent)
  provider.client.on('session_update', onUpdate)
  provider.client.on('session_delete', onDeleted)
  provider.client.on('session_expire', onDeleted)
  provider.client.core.relayer.on('relayer_error', onRelayError)
  // The relayer's own event names (RELAYER_EVENTS of @walletconnect/core, not imported here to keep it out of this chunk).
  let down = false
  const onRelayDown = () => {
    down = true
    listener.relayLost()
  }
  const onRelayUp = () => {
    if (!down) return
    down = false
    listener.relayBack()
  }
  provider.client.core.relayer.on('relayer_disconnect', onRelayDown)
  provider.client.core.relayer.on('relayer_connect', onRelayUp)
  remember()
  return () => {
    provider.removeListener('display_uri', onUri)
    provider.removeListener('connect', remember)
    provider.client.off('session_event', onEvent)
    provider.client.off('session_update', onUpdate)
    provider.client.off('session_delete', onDeleted)
    provider.client.off('session_expire', onDeleted)
    provider.client.core.relayer.off('relayer_error', onRelayError)
    provider.client.core.relayer.off('relayer_disconnect', onRelayDown)
    provider.client.core.relayer.off('relayer_connect', onRelayUp)
  }
}
