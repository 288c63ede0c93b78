import { DEV_WALLET_ICON, DEV_WALLET_NAME, DEV_WALLET_RDNS } from './info.ts'
import { loadIsland } from '../loadIsland.ts'
import type { DevWalletCore } from './wallet.ts'

type Listener = (payload: unknown) => void

/** The dev wallet's EIP-1193 provider, as the page sees it. */
export interface DevWalletProvider {
  readonly isPorticoDevWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): DevWalletProvider
  removeListener(event: string, listener: Listener): DevWalletProvider
}

/**
 * Announces the demo's development wallet through EIP-6963, now and on every
 * `eip6963:requestProvider`. Only this small shell is on the demo's first
 * screen: the wallet itself (prompts, RPC, and viem's signing) downloads on the
 * first request.
 *
 * @returns a function that stops answering requests for announcements.
 */
export function announceDevWallet(target: Window = window, load: (label: string) => Promise<DevWalletCore> = loadCore): () => void {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload))
  let core: Promise<DevWalletCore> | undefined
  const provider: DevWalletProvider = {
    isPorticoDevWallet: true,
    async request(args) {
      core ??= load(DEV_WALLET_NAME).then(
        (c) => (c.onEvent(emit), c),
        (error: unknown) => {
          // A failed download (offline, server restarted) is tried again on the next request.
          core = undefined
          throw error
        },
      )
      return (await core).request(args)
    },
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  const info = Object.freeze({ uuid: crypto.randomUUID(), name: DEV_WALLET_NAME, icon: DEV_WALLET_ICON, rdns: DEV_WALLET_RDNS })
  const detail = Object.freeze({ info, provider })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}

async function loadCore(label: string): Promise<DevWalletCore> {
  const { createDevWallet } = await loadIsland<typeof import('./wallet.ts')>('dev-wallet')
  return createDevWallet({ label })
}
