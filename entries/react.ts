'use client'

/**
 * The `portico/react` entry: the provider, hooks and ConnectButton. Create the
 * kit with `createPortico()` from `portico`; nothing else is re-exported here.
 */
export { PorticoProvider, type PorticoProviderProps } from '../shell/provider/PorticoProvider.tsx'
export { usePortico, type UsePorticoReturnType } from '../shell/hooks/usePortico.ts'
export { usePorticoState, type UsePorticoStateReturnType } from '../shell/hooks/usePorticoState.ts'
export {
  usePorticoAccount,
  type UsePorticoAccountReturnType,
  type EmbeddedWalletInfo,
} from '../shell/hooks/usePorticoAccount.ts'
export { usePorticoNetwork, type UsePorticoNetworkReturnType } from '../shell/hooks/usePorticoNetwork.ts'
export { usePorticoEvents } from '../shell/hooks/usePorticoEvents.ts'
export type { LatestEvent } from '../shell/hooks/latestEvent.ts'
export { usePorticoTheme, type UsePorticoThemeReturnType } from '../shell/hooks/usePorticoTheme.ts'
export { useDisconnect, type UseDisconnectReturnType } from '../shell/hooks/useDisconnect.ts'
export {
  usePorticoProvider,
  type Eip1193Provider,
  type PorticoProviders,
  type PorticoProviderOf,
} from '../shell/hooks/usePorticoProvider.ts'
export { ConnectButton, type ConnectButtonProps } from '../shell/components/ConnectButton.tsx'
export type { PorticoElementProps } from '../shell/components/elementProps.ts'
export type { PorticoView, PorticoViewProps } from '../shell/ui/PorticoView.ts'
