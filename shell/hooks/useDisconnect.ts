import { useCallback } from 'react'
import type { ChainNamespace } from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'

export interface UseDisconnectReturnType {
  /** Disconnects `namespace` (and those sharing its session), or every namespace when omitted. */
  disconnect(namespace?: ChainNamespace): Promise<void>
}

/**
 * @example
 * const { disconnect } = useDisconnect()
 * await disconnect()
 */
export function useDisconnect(): UseDisconnectReturnType {
  const kit = useKit('useDisconnect')
  const disconnect = useCallback((namespace?: ChainNamespace) => kit.disconnect(namespace), [kit])
  return { disconnect }
}
