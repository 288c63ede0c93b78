import { type ChainNamespace, SnackText } from '../../../kernel/index.ts'
import { transactionRefusal } from '../../../kernel/errors/transaction.ts'
import { formatUnits } from '../../../kernel/wallets/index.ts'
import type { SendControllerDeps } from '../controller.ts'
import type { SendFlow } from '../flow.ts'
import { SendRefusal } from '../form.ts'

/** After a send: the native balance and the token list are read again, past their 30 s caches. */
function refreshBalances(deps: SendControllerDeps, namespace: ChainNamespace): void {
  const failed = (error: unknown) => deps.logger.warn('[Portico] send: balance refresh failed', error)
  deps.storage.remove('nativeBalanceCache')
  deps.connection.syncBalance(namespace).catch(failed)
  deps.refreshTokens(true).catch(failed)
}

/** Sends the reviewed transfer through the wallet (SPEC §4 Send). */
export async function send({ deps, store, active, contextOf, requote, check }: SendFlow, reset: () => void): Promise<void> {
  if (store.get().sending) return
  store.set({ sending: true })
  // The fee and balances may have moved while the visitor read the review.
  await requote()
  const result = check()
  const record = active()
  const context = contextOf(record)
  const { sender } = store.get()
  if (!result.ok || !context || !sender || !record) {
    store.set({ sending: false, error: result.ok ? SendRefusal.INVALID_INPUT : result.message })
    deps.router.goBack()
    return
  }
  const { token, amount } = result.request
  try {
    const hash = await sender.send(result.request, context)
    deps.snack.showSuccess(SnackText.TRANSACTION_STARTED)
    deps.bus.emit({
      type: 'PLUGIN_EVENT',
      plugin: 'send',
      name: 'SEND_SUCCESS',
      properties: {
        namespace: record.namespace,
        caipNetworkId: context.network.caipNetworkId,
        hash,
        token: token.address ?? 'native',
        symbol: token.symbol,
        amount: formatUnits(amount, token.decimals),
      },
    })
    // Leave the form first, so its reset does not make it load a new fee on the way out.
    deps.router.reset('Account')
    reset()
    refreshBalances(deps, record.namespace)
  } catch (error) {
    deps.logger.warn('[Portico] send failed', error)
    store.set({ sending: false })
    // A transaction the checks refused says why (SPEC §5); any other failure keeps the sender's text.
    deps.snack.showError(transactionRefusal(error)?.shortMessage ?? sender.failureText)
    deps.bus.emit({ type: 'PLUGIN_EVENT', plugin: 'send', name: 'SEND_ERROR', properties: { namespace: record.namespace } })
  }
}
