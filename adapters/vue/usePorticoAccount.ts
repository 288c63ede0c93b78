import { type ComputedRef, computed } from 'vue'
import { type CaipAddress, type ConnectionStatus, activeAccountOf, isConnectedAccount } from '../../kernel/index.ts'
import { useKit } from './kit.ts'
import { storeRef } from './storeRef.ts'

export interface UsePorticoAccountReturnType {
  readonly address: ComputedRef<string | undefined>
  readonly caipAddress: ComputedRef<CaipAddress | undefined>
  readonly status: ComputedRef<ConnectionStatus>
  readonly isConnected: ComputedRef<boolean>
  /** The native balance in whole units as a decimal string (e.g. "9999.99"), once read. */
  readonly balance: ComputedRef<string | undefined>
  /** The native currency's symbol the balance is in, e.g. "ETH". */
  readonly balanceSymbol: ComputedRef<string | undefined>
}

/**
 * The active namespace's account as read-only refs; each one triggers only when its own value changes.
 *
 * @example
 * const { address, isConnected } = usePorticoAccount()
 */
export function usePorticoAccount(): UsePorticoAccountReturnType {
  const chains = storeRef(useKit('usePorticoAccount').chains)
  const account = computed(() => activeAccountOf(chains.value))
  return {
    address: computed(() => account.value?.address),
    caipAddress: computed(() => account.value?.caipAddress),
    status: computed(() => account.value?.status ?? 'disconnected'),
    isConnected: computed(() => isConnectedAccount(account.value)),
    balance: computed(() => account.value?.balance),
    balanceSymbol: computed(() => account.value?.balanceSymbol),
  }
}
