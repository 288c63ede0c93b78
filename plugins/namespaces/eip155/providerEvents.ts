import { getAddress } from 'viem'
import type { AdapterEvents } from '../../../kernel/index.ts'
import type { Connector, Disposer } from '../../../kernel/index.ts'
import { safeParse } from '../../../kernel/wallets/index.ts'
import { AddressListSchema, ChainChangedSchema, type Eip1193Provider } from './schemas.ts'

/**
 * MetaMask emits `disconnect` with code 1013 while it reconnects to its RPC; the
 * account is still there, so that one is not a disconnect (wagmi does the same).
 */
const RECONNECTING_CODE = 1013

/**
 * Forwards a wallet's EIP-1193 events to the kernel: `accountsChanged`,
 * `chainChanged` (hex -> number) and `disconnect`, tagged with the namespace
 * and connector id. Payloads that fail their schema are dropped, not thrown.
 *
 * @returns a disposer that removes the three listeners.
 */
export function forwardProviderEvents(provider: Eip1193Provider, connector: Connector, events: () => AdapterEvents): Disposer {
  if (typeof provider.on !== 'function') return () => undefined
  const onAccounts = (accounts: unknown) => {
    const addresses = safeParse(AddressListSchema, accounts)
    if (addresses)
      events().accountsChanged(
        'eip155',
        connector.id,
        addresses.map((a) => getAddress(a)),
      )
  }
  const onChain = (chainId: unknown) => {
    const id = safeParse(ChainChangedSchema, chainId)
    if (id !== undefined) events().chainChanged('eip155', connector.id, id)
  }
  const onDisconnect = (error?: unknown) => {
    if (codeOf(error) !== RECONNECTING_CODE) events().disconnected('eip155', connector.id)
  }
  const listeners = [
    ['accountsChanged', onAccounts],
    ['chainChanged', onChain],
    ['disconnect', onDisconnect],
  ] as const
  try {
    for (const [event, listener] of listeners) provider.on(event, listener)
  } catch {
    // A wallet without working events still connects; its changes show on the next read.
  }
  return () => {
    for (const [event, listener] of listeners) {
      try {
        provider.removeListener?.(event, listener)
      } catch {
        // Harmless: the kernel ignores events from a connector that is no longer the connected one.
      }
    }
  }
}

/** The code of a wallet's disconnect error; reading it can throw (a Proxy or a getter), which counts as none. */
function codeOf(error: unknown): unknown {
  try {
    return (error as { code?: unknown } | null | undefined)?.code
  } catch {
    return undefined
  }
}
