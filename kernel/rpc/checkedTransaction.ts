import type { EventBus } from '../bus/bus.ts'
import type { PorticoConfig } from '../config/schema.ts'
import { transactionRefusal } from '../errors/transaction.ts'
import type { ModalService } from '../modal/modalService.ts'
import type { SnackService } from '../snack/snackService.ts'
import { checkRpcTransaction } from '../validation/transaction.ts'

/** What the checks read (the integrator's cap) and who hears of a refusal. */
export interface TransactionKit {
  /** `maxFeePerGasCap`: the integrator's max fee per gas cap, wei in decimal digits. */
  readonly config: Pick<PorticoConfig, 'maxFeePerGasCap'>
  readonly modal: Pick<ModalService, 'store' | 'open'>
  readonly snack: Pick<SnackService, 'showError'>
  readonly bus: Pick<EventBus, 'emit'>
  readonly logger: Pick<Console, 'error'>
}

/**
 * Runs a transaction method after the checks of SPEC §5. A refusal, the kit's or the one the
 * embedded wallet's frame reports after filling in the fees, rejects as the typed error; the
 * visitor sees why in the modal (a dapp's own kit.request may come with it closed), and the
 * bus hears of it. Loaded with the first transaction, so none of it is on the first screen.
 */
export async function checkedTransaction(method: string, params: unknown, kit: TransactionKit | undefined, run: () => Promise<unknown>): Promise<unknown> {
  try {
    const cap = kit?.config.maxFeePerGasCap
    checkRpcTransaction(params, { maxFeePerGasCap: cap === undefined ? undefined : BigInt(cap) })
    return await run()
  } catch (error) {
    const refusal = transactionRefusal(error)
    if (!refusal) throw error
    if (kit) {
      if (!kit.modal.store.get().open) kit.modal.open()
      kit.logger.error(`[Portico] ${method}: ${refusal.message}`)
      kit.snack.showError(refusal.shortMessage)
      kit.bus.emit({ type: 'RPC_REQUEST_REJECTED', properties: { method, reason: refusal.shortMessage } })
    }
    throw refusal
  }
}
