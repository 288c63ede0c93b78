import type { ChainNamespace } from '../chains/namespaces.ts'
import { PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import type { Connector } from '../connectorRegistry/connector.ts'
import { afterConnect } from './afterConnect.ts'
import { applyConnection } from './applyConnection.ts'
import type { ConnectResult } from './chainAdapter.ts'
import type { ConnectionContext } from './context.ts'

export interface ConnectParameters {
  readonly connectorId: string
  readonly namespace: ChainNamespace
}

/**
 * Connects a wallet: disconnected -> connecting -> connected. On a
 * refusal the status goes back to disconnected and the error is rethrown for
 * the view to show; the kit's state is never left half-connected.
 */
export async function connect(ctx: ConnectionContext, { connectorId, namespace }: ConnectParameters): Promise<void> {
  const connector = ctx.connectors.list().find((c) => c.id === connectorId && c.chain === namespace)
  if (!connector) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${connectorId}` })
  const previous = ctx.chains.record(namespace)?.accountState
  ctx.chains.updateAccount(namespace, { status: 'connecting' })
  try {
    const adapter = await ctx.adapters.resolveForConnector(connector)
    const network = ctx.chains.get().activeNamespace === namespace ? ctx.chains.get().activeCaipNetwork : ctx.chains.record(namespace)!.networkState.caipNetwork!
    const result = await adapter.connect(connector, network)
    applyConnection(ctx, namespace, connector, result)
    rememberRecentWallet(ctx, connector, result)
    ctx.bus.emit({ type: 'CONNECT_SUCCESS', properties: { method: 'browser', name: connector.name, namespace } })
  } catch (error) {
    ctx.chains.updateAccount(namespace, { status: previous?.caipAddress ? previous.status : 'disconnected' })
    ctx.bus.emit({ type: 'CONNECT_ERROR', properties: { message: error instanceof Error ? error.message : String(error) } })
    throw error
  }
  // Connected: what a plugin's after-connect step (a sign-in) does from here is not the connection's failure.
  if (!(await afterConnect(ctx, namespace)) && ctx.router.current().view !== 'UnsupportedChain') {
    if (ctx.modal.mode === 'embedded') ctx.router.reset('Account')
    else if (ctx.modal.store.get().open) ctx.modal.close()
  }
}

/**
 * The recent wallet to remember: the wallet the visitor reached. Through a go-between
 * (WalletConnect) that is the wallet the adapter names, when it has a registry
 * id; the go-between itself is never a recent wallet.
 */
function rememberRecentWallet(ctx: ConnectionContext, connector: Connector, result: ConnectResult) {
  const { wallet } = result
  if (wallet?.id) ctx.storage.addRecentWallet({ id: wallet.id, name: wallet.name, imageUrl: wallet.icon })
  else if (!wallet && !connector.capabilities?.relaysWallets) {
    ctx.storage.addRecentWallet({ id: connector.id, name: connector.name, imageUrl: connector.imageUrl })
  }
}
