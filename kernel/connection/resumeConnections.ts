import type { ChainNamespace } from '../chains/namespaces.ts'
import type { Connector } from '../connectorRegistry/connector.ts'
import { afterConnect } from './afterConnect.ts'
import { applyConnection } from './applyConnection.ts'
import type { ConnectionContext } from './context.ts'

/** How long a stored wallet has to announce itself again after a reload (Portico's choice). */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 2_000

/**
 * At start, for a stored "connected": each connection shows as
 * connecting while it is resumed without a prompt; a failed resume sets
 * disconnected and deletes the cached login data.
 */
export async function resumeConnections(ctx: ConnectionContext): Promise<void> {
  const ids = Object.entries(ctx.storage.get('connectedConnectorIds') ?? {}) as [ChainNamespace, string][]
  const known = ids.filter(([namespace]) => ctx.chains.record(namespace))
  known.forEach(([namespace]) => ctx.chains.updateAccount(namespace, { status: 'connecting' }))
  await Promise.all(known.map(([namespace, connectorId]) => resume(ctx, namespace, connectorId)))
  if (known.length === 0) ctx.storage.set('connectionStatus', 'disconnected')
}

async function resume(ctx: ConnectionContext, namespace: ChainNamespace, connectorId: string): Promise<void> {
  if (!(await resumeWithoutPrompt(ctx, namespace, connectorId))) fail(ctx, namespace)
}

/**
 * Connects `namespace` again with the stored connector, without a prompt (the wallet
 * remembers the site); true when it did. A failure is logged and leaves the state as it was.
 */
export async function resumeWithoutPrompt(ctx: ConnectionContext, namespace: ChainNamespace, connectorId: string): Promise<boolean> {
  try {
    // The plugin that registers this connector (WalletConnect: a stored session) runs first;
    // otherwise the namespace's plugin, whose discovery announces it again.
    if (!(await ctx.loadConnectorOwner(connectorId))) await ctx.adapters.resolve(namespace)
    const connector = await announced(ctx, namespace, connectorId)
    const adapter = connector && (await ctx.adapters.resolveForConnector(connector))
    const result = connector && adapter && (await adapter.reconnect(connector))
    if (connector && result) {
      applyConnection(ctx, namespace, connector, result)
      // A resumed connection is a connection: a sign-in the app's store no longer holds is asked for again.
      await afterConnect(ctx, namespace)
      return true
    }
  } catch (error) {
    ctx.logger.warn(`[Portico] could not resume the ${namespace} connection`, error)
  }
  return false
}

/** Waits for the stored wallet to be discovered again (EIP-6963 announcements arrive asynchronously). */
function announced(ctx: ConnectionContext, namespace: ChainNamespace, id: string): Promise<Connector | undefined> {
  const find = () => ctx.connectors.list().find((c) => c.id === id && c.chain === namespace)
  return new Promise((settle) => {
    if (find()) return settle(find())
    const timer = setTimeout(() => done(undefined), RECONNECT_DISCOVERY_TIMEOUT_MS)
    const stop = ctx.connectors.store.subscribe(() => find() && done(find()))
    function done(connector: Connector | undefined) {
      clearTimeout(timer)
      stop()
      settle(connector)
    }
  })
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
  // A failed connection check forgets the social login too (§4).
  ctx.storage.remove('connectedSocial')
  ctx.storage.remove('connectedSocialUsername')
}
