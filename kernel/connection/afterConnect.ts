import { isUnsupportedPlaceholder } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { ConnectionContext } from './context.ts'

/**
 * The after-connect steps of a connection (new, resumed at start, or another account
 * chosen in the wallet): the plugins that have one (activation event
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
  const connection = { namespace, address, network, supported: !isUnsupportedPlaceholder(network) }
  let claimed = false
  // In turn, so a step sees what an earlier one showed; a failing one is logged, not the connection's failure.
  for (const step of ctx.hooks.afterConnectSteps()) {
    try {
      claimed = (await step(connection)) || claimed
    } catch (error) {
      ctx.logger.error('[Portico] a plugin hook failed', error)
    }
  }
  return claimed
}
