import { useMemo } from 'react'
import {
  type AccountState,
  type AccountType,
  type CaipAddress,
  type ChainState,
  type ConnectionStatus,
  type SocialOption,
  activeAccountOf,
  isConnectedAccount,
} from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'
import { useInitialState } from '../provider/initialState.ts'
import { shallowEqual } from '../ui/shallowEqual.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { afterInput } from './afterInput.ts'

/** Who is logged in through the embedded wallet. */
export interface EmbeddedWalletInfo {
  readonly user: NonNullable<AccountState['user']>
  /** How the visitor logged in; email unless a social provider was used. */
  readonly authProvider: SocialOption | 'email'
  readonly accountType: AccountType
}

export interface UsePorticoAccountReturnType {
  readonly address: string | undefined
  readonly caipAddress: CaipAddress | undefined
  readonly status: ConnectionStatus
  /**
   * Connected, or, with `<PorticoProvider initialState>`, the server's account while the
   * kit restores it (status 'connecting' then, like wagmi's reconnecting).
   */
  readonly isConnected: boolean
  /** The native balance in whole units as a decimal string (e.g. "9999.99"), once read (AccountState). */
  readonly balance: string | undefined
  /** The native currency's symbol the balance is in, e.g. "ETH". */
  readonly balanceSymbol: string | undefined
  /** Set only when the connected wallet is the embedded one. */
  readonly embeddedWalletInfo: EmbeddedWalletInfo | undefined
}

const selectAccount = (s: ChainState) => {
  const account = activeAccountOf(s)
  return {
    address: account?.address,
    caipAddress: account?.caipAddress,
    status: account?.status ?? 'disconnected',
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol,
    user: account?.user,
    socialProvider: account?.socialProvider,
    preferredAccountType: account?.preferredAccountType,
  }
}

/**
 * The active namespace's account. Re-renders only when one of the returned
 * fields changes, not on every chain-store update.
 *
 * @example
 * const { address, isConnected } = usePorticoAccount()
 */
export function usePorticoAccount(): UsePorticoAccountReturnType {
  const kit = useKit('usePorticoAccount')
  const account = useStoreValue(afterInput(kit.chains), selectAccount, shallowEqual)
  const initial = useInitialState(kit)
  return useMemo(() => {
    const isConnected = isConnectedAccount(account)
    // The server's account while the kit restores it: connecting, like wagmi's reconnecting.
    const restoring = initial && !isConnected ? { ...initial, status: 'connecting' as const } : undefined
    const shown = restoring ?? account
    // Only the embedded wallet's auth connector sets `user` on the account after a connection.
    const embeddedWalletInfo: EmbeddedWalletInfo | undefined =
      isConnected && account.user && account.preferredAccountType
        ? {
            user: account.user,
            authProvider: account.socialProvider ?? 'email',
            accountType: account.preferredAccountType,
          }
        : undefined
    return {
      address: shown.address,
      caipAddress: shown.caipAddress,
      status: shown.status,
      isConnected: isConnected || Boolean(restoring),
      balance: restoring ? undefined : account.balance,
      balanceSymbol: restoring ? undefined : account.balanceSymbol,
      embeddedWalletInfo,
    }
  }, [account, initial])
}
