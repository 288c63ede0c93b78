import type { ChainNamespace } from '../chains/namespaces.ts'
import type { Connector } from '../connectorRegistry/connector.ts'
import type { ConnectionContext } from './context.ts'

/** The connector the visitor connected a namespace with, if it is still discovered. */
export function connectedConnector(ctx: ConnectionContext, namespace: ChainNamespace): Connector | undefined {
  const id = ctx.storage.get('connectedConnectorIds')?.[namespace]
  return id ? ctx.connectors.list().find((c) => c.id === id && c.chain === namespace) : undefined
}
