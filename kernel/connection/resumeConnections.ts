import { firstValueFrom, filter, map, timeout } from 'rxjs'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { Connector } from '../connectors/connector.ts'
import { applyConnection } from './applyConnection.ts'
import type { ConnectionContext } from './context.ts'

/** How long a stored wallet has to announce itself again after a reload (Portico's choice). */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 2_000

/**
 * At start (SPEC §4): the stored active network comes back; a stored
 * "connected" is shown as connecting while each connection is resumed without a
 * prompt; a failed resume sets disconnected and deletes the cached login data;
 * a stored "disconnected" clears the address caches.
 */
export async function restoreConnections(ctx: ConnectionContext): Promise<void> {
  const storedNetworkId = ctx.storage.get('activeCaipNetworkId')
  const storedNetwork = ctx.config.networks.find((n) => n.caipNetworkId === storedNetworkId)
  if (storedNetwork) {
    ctx.chains.updateNetwork(storedNetwork.chainNamespace, { caipNetwork: storedNetwork })
    ctx.chains.set({ activeNamespace: storedNetwork.chainNamespace, activeCaipNetwork: storedNetwork })
  }
  if (ctx.storage.get('connectionStatus') !== 'connected') {
    for (const cache of ['nativeBalanceCache', 'portfolioCache', 'identityCache', 'ensCache'] as const) {
      ctx.storage.remove(cache)
    }
    return
  }
  const ids = Object.entries(ctx.storage.get('connectedConnectorIds') ?? {}) as [ChainNamespace, string][]
  const known = ids.filter(([namespace]) => ctx.chains.record(namespace))
  known.forEach(([namespace]) => ctx.chains.updateAccount(namespace, { status: 'connecting' }))
  await Promise.all(known.map(([namespace, connectorId]) => resume(ctx, namespace, connectorId)))
  if (known.length === 0) ctx.storage.set('connectionStatus', 'disconnected')
}

async function resume(ctx: ConnectionContext, namespace: ChainNamespace, connectorId: string): Promise<void> {
  try {
    const adapter = await ctx.adapters.resolve(namespace)
    const connector = await announced(ctx, namespace, connectorId)
    const result = connector && (await adapter.reconnect(connector))
    if (connector && result) return applyConnection(ctx, namespace, connector, result)
  } catch (error) {
    ctx.logger.warn(`[Portico] could not resume the ${namespace} connection`, error)
  }
  fail(ctx, namespace)
}

/** Waits for the stored wallet to be discovered again (EIP-6963 announcements arrive asynchronously). */
function announced(ctx: ConnectionContext, namespace: ChainNamespace, id: string): Promise<Connector | undefined> {
  const find = (list: readonly Connector[]) => list.find((c) => c.id === id && c.chain === namespace)
  return firstValueFrom(
    ctx.connectors.store.state$.pipe(
      map(({ connectors }) => find(connectors)),
      filter((connector): connector is Connector => Boolean(connector)),
      timeout({ first: RECONNECT_DISCOVERY_TIMEOUT_MS }),
    ),
  ).catch(() => undefined)
}

function fail(ctx: ConnectionContext, namespace: ChainNamespace) {
  ctx.chains.resetAccount(namespace)
  const ids = { ...ctx.storage.get('connectedConnectorIds') }
  delete ids[namespace]
  ctx.storage.set('connectedConnectorIds', ids)
  const remaining = (ctx.storage.get('connectedNamespaces') ?? []).filter((ns) => ns !== namespace)
  ctx.storage.set('connectedNamespaces', remaining)
  if (Object.keys(ids).length === 0) ctx.storage.set('connectionStatus', 'disconnected')
  ctx.storage.clearLoginCache()
}
