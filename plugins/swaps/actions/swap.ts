import { SnackText } from '../../../kernel/index.ts'
import { transactionRefusal } from '../../../kernel/errors/transaction.ts'
import { formatUnits } from '../../../kernel/wallets/index.ts'
import type { SwapFlow } from '../flow.ts'
import { sendTransaction, waitForReceipt } from '../kitChain.ts'
import { freshQuote } from '../provider.ts'

/** Twenty minutes past the latest block: the router refuses the swap after that. */
const DEADLINE_SECONDS = 20n * 60n

/** Approves when needed, refreshes a quote older than the latest block, and sends the swap. */
export async function swap({ deps, store, chain, active, requote, outdate, owns, reset }: SwapFlow): Promise<void> {
  const { quote, step, error } = store.get()
  const record = active()
  const owner = record?.accountState.address as `0x${string}` | undefined
  if (!quote || step || error || !owner || !record) return
  const mine = outdate()
  try {
    store.set({ step: 'approve' })
    for (const approval of await deps.provider.approvals(quote, owner, chain)) {
      await waitForReceipt(deps.request, await sendTransaction(deps.request, approval, quote.network))
    }
    store.set({ step: 'swap', needsApproval: false })
    // The approval (or anyone's trade) mined a block since the quote: the swap goes out at the latest price.
    const fresh = await freshQuote(deps.provider, quote, chain)
    if (!fresh.quote) {
      store.set({ step: undefined, quote: undefined, noPool: true })
      return
    }
    store.set({ quote: fresh.quote })
    const hash = await sendTransaction(deps.request, deps.provider.swap(fresh.quote, owner, fresh.block.timestamp + DEADLINE_SECONDS), fresh.quote.network)
    deps.snack.showSuccess(SnackText.TRANSACTION_STARTED)
    deps.bus.emit({
      type: 'PLUGIN_EVENT',
      plugin: 'swaps',
      name: 'SWAP_SUCCESS',
      properties: {
        caipNetworkId: fresh.quote.network,
        hash,
        from: fresh.quote.from.address ?? 'native',
        to: fresh.quote.to.address ?? 'native',
        amountIn: formatUnits(fresh.quote.amountIn, fresh.quote.from.decimals),
        amountOut: formatUnits(fresh.quote.amountOut, fresh.quote.to.decimals),
      },
    })
    deps.router.reset('Account')
    reset()
    deps.refreshBalances(true).catch((failure: unknown) => deps.logger.warn('[Portico] swaps: balance refresh failed', failure))
  } catch (failure) {
    deps.logger.warn('[Portico] swap failed', failure)
    if (owns(mine)) store.set({ step: undefined })
    // A transaction the checks refused says why (SPEC §5); any other failure stays generic.
    deps.snack.showError(transactionRefusal(failure)?.shortMessage ?? SnackText.SOMETHING_WENT_WRONG)
    deps.bus.emit({ type: 'PLUGIN_EVENT', plugin: 'swaps', name: 'SWAP_ERROR', properties: { caipNetworkId: quote.network } })
    void requote()
  }
}
