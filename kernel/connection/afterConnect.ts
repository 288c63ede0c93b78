import { isUnsupportedPlaceholder } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { ConnectionContext } from './context.ts'

/**
 * A new connection's after-connect steps: the plugins that have one (activation event
 * `onConnect`) are loaded first, then their steps run. True when one took over the
 * modal. A plugin that fails to load has raised its alert; the connection stands.
 */
export async function afterConnect(ctx: ConnectionContext, namespace: ChainNamespace): Promise<boolean> {
  const withSteps = ctx.plugins.manifests.filter((manifest) => manifest.activationEvents?.includes('onConnect'))
  await Promise.all(withSteps.map((manifest) => ctx.plugins.load(manifest.id).catch(() => undefined)))
  const record = ctx.chains.record(namespace)
  const network = record?.networkState.caipNetwork
  const address = record?.accountState.address
  if (!network || !address) return false
  return ctx.hooks.afterConnect({ namespace, address, network, supported: !isUnsupportedPlaceholder(network) })
}
