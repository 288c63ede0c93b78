import { useCallback, useSyncExternalStore } from 'react'
import type { ChainNamespace } from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'
import { afterInput } from './afterInput.ts'

/**
 * An EIP-1193 provider (what eip155 wallets hand out): enough for viem's
 * `custom(provider)` transport.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** What each namespace's wallets hand out; namespaces without a typed provider give `unknown`. */
export interface PorticoProviders {
  eip155: Eip1193Provider
}
export type PorticoProviderOf<N extends ChainNamespace> = N extends keyof PorticoProviders ? PorticoProviders[N] : unknown

/**
 * The connected wallet's provider for `namespace` (EIP-1193 for eip155), or
 * undefined while nothing is connected there. Follows connect, disconnect and
 * account or wallet changes. The vanilla equivalent is `kit.getProvider(namespace)`.
 *
 * @example
 * const provider = usePorticoProvider('eip155')
 * const client = provider && createWalletClient({ transport: custom(provider) })
 */
export function usePorticoProvider<N extends ChainNamespace = 'eip155'>(namespace: N = 'eip155' as N): PorticoProviderOf<N> | undefined {
  const kit = useKit('usePorticoProvider')
  // The provider depends on the account (chains) and on which wallets are discovered (connectors).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopChains = afterInput(kit.chains).subscribe(onChange)
      const stopConnectors = afterInput(kit.connectors.store).subscribe(onChange)
      return () => {
        stopChains()
        stopConnectors()
      }
    },
    [kit],
  )
  // A wallet's provider object is stable, so the snapshot is too.
  const getSnapshot = () => kit.getProvider(namespace) as PorticoProviderOf<N> | undefined
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
