import type { ChainNamespace } from '../chains/namespaces.ts'
import { PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { connectedConnector } from './connectedConnector.ts'
import type { ConnectionContext } from './context.ts'

/** Which namespaces a disconnect reaches. */
export function namespacesToDisconnect(ctx: ConnectionContext, namespace?: ChainNamespace): ChainNamespace[] {
  const all = Object.keys(ctx.chains.get().chains) as ChainNamespace[]
  if (!namespace) return all
  const connector = connectedConnector(ctx, namespace)
  if (!connector?.capabilities?.sharedSession) return [namespace]
  return all.filter((ns) => ns === namespace || connectedConnector(ctx, ns)?.id === connector.id)
}

/**
 * Disconnects `namespace`, or every chain: plugins clear their session data first;
 * each reached chain is told to disconnect if it has an address, then its account
 * and network are reset; the saved social provider, connector ids and cached login
 * data are cleared; a success
 * or error event is tracked.
 */
export async function disconnect(ctx: ConnectionContext, namespace?: ChainNamespace): Promise<void> {
  const targets = namespacesToDisconnect(ctx, namespace)
  // Plugins' session data first (a sign-in session, a pairing), whatever the wallets answer.
  ctx.hooks.disconnected(targets)
  try {
    for (const ns of targets) {
      const connector = connectedConnector(ctx, ns)
      const adapter = connector && ctx.adapters.forConnector(connector)
      if (ctx.chains.record(ns)?.accountState.address && connector && adapter) await adapter.disconnect(connector)
    }
  } catch (cause) {
    const error = new PorticoError(ErrorText.FAILED_TO_DISCONNECT, { cause })
    ctx.bus.emit({ type: 'DISCONNECT_ERROR', properties: { message: error.shortMessage } })
    throw error
  } finally {
    // Whatever the wallet answered, this side forgets the connection: a stale "connected" is worse.
    forget(ctx, targets)
  }
  ctx.bus.emit({ type: 'DISCONNECT_SUCCESS', properties: namespace ? { namespace } : {} })
}

function forget(ctx: ConnectionContext, targets: readonly ChainNamespace[]) {
  const { storage, chains } = ctx
  for (const ns of targets) {
    chains.resetAccount(ns)
    chains.updateNetwork(ns, { approvedCaipNetworkIds: [], supportsAllNetworks: true, smartAccountEnabledNetworks: [] })
  }
  storage.remove('connectedSocial')
  storage.remove('connectedSocialUsername')
  const ids = { ...storage.get('connectedConnectorIds') }
  targets.forEach((ns) => delete ids[ns])
  storage.set('connectedConnectorIds', ids)
  const remaining = (storage.get('connectedNamespaces') ?? []).filter((ns) => !targets.includes(ns))
  storage.set('connectedNamespaces', remaining)
  if (remaining.length === 0) storage.set('connectionStatus', 'disconnected')
  storage.clearLoginCache()
}
