import type { ChainNamespace } from '../chains/namespaces.ts'
import type { ConnectorIds } from '../storage/otherTabs.ts'
import type { ConnectionContext } from './context.ts'
import { resumeWithoutPrompt } from './resumeConnections.ts'

/**
 * Another tab of the same site connected or disconnected (its stored connector ids went
 * from `before` to `after`): this tab follows, so two tabs never disagree on who is
 * connected. A namespace that tab left is forgotten here; the wallet was told and the
 * storage written over there, so neither happens twice. A namespace that tab connected
 * is resumed here without a prompt, as at start; when that fails this tab just stays
 * disconnected: its failure is no reason to undo the other tab's connection.
 * A namespace this tab is connecting itself is left to that connection.
 */
export async function followOtherTab(ctx: ConnectionContext, before: ConnectorIds, after: ConnectorIds): Promise<void> {
  const namespaces = Object.keys(ctx.chains.get().chains) as ChainNamespace[]
  const changed = namespaces.filter((ns) => before[ns] !== after[ns] && ctx.chains.record(ns)?.accountState.status !== 'connecting')
  for (const ns of changed) {
    if (!ctx.chains.record(ns)?.accountState.address) continue
    ctx.chains.resetAccount(ns)
    ctx.chains.updateNetwork(ns, { approvedCaipNetworkIds: [], supportsAllNetworks: true, smartAccountEnabledNetworks: [] })
  }
  await Promise.all(
    changed.map(async (ns) => {
      const id = after[ns]
      if (!id) return
      ctx.chains.updateAccount(ns, { status: 'connecting' })
      if (!(await resumeWithoutPrompt(ctx, ns, id))) ctx.chains.resetAccount(ns)
    }),
  )
}
