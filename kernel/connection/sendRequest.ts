import { PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import type { RpcRequest } from '../rpc/rpcRegistry.ts'
import { connectedConnector } from './connectedConnector.ts'
import type { ConnectionContext } from './context.ts'

/**
 * Sends an RPC request to the wallet connected for the method's namespace (the
 * solana_ methods to Solana, every other allowed method to eip155), through its
 * adapter; 'Adapter not found' when none is connected or its adapter cannot.
 */
export async function sendRequest(ctx: ConnectionContext, request: RpcRequest): Promise<unknown> {
  const namespace = request.method.startsWith('solana_') ? 'solana' : 'eip155'
  const connector = connectedConnector(ctx, namespace)
  const adapter = connector && ctx.chains.record(namespace)?.accountState.address ? ctx.adapters.forConnector(connector) : undefined
  if (!connector || !adapter?.request) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: request.method })
  return adapter.request(connector, request)
}
