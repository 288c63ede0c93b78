import { getWallets } from '@wallet-standard/app'
import type { ConnectorRegistry, Disposer, PorticoConfig } from '../../../kernel/index.ts'
import { filterWallets, safeIconUrl } from '../../../kernel/index.ts'
import { hasFeature, safeParse } from '../../../kernel/wallets/index.ts'
import { BitcoinWalletSchema } from './schemas.ts'

type Wallet = ReturnType<ReturnType<typeof getWallets>['get']>[number]

export interface DiscoveryOptions {
  readonly connectors: ConnectorRegistry
  readonly config: Pick<PorticoConfig, 'includeWalletIds' | 'excludeWalletIds'>
}

/** A Wallet Standard wallet that can serve Bitcoin: it has `bitcoin:connect`. */
export function isBitcoinWallet(wallet: unknown): boolean {
  return safeParse(BitcoinWalletSchema, wallet) !== undefined && hasFeature(wallet, 'bitcoin:connect', 'connect')
}

/**
 * Lists each Wallet Standard wallet with `bitcoin:connect` as an ANNOUNCED bip122
 * connector (id = its name). The integrator's include/exclude lists apply by id.
 *
 * @returns a disposer that stops listening and removes the connectors it added.
 */
export function startDiscovery({ connectors, config }: DiscoveryOptions): Disposer {
  if (typeof window === 'undefined') return () => undefined
  const added = new Map<Wallet, Disposer>()
  const sync = (wallet: Wallet) => {
    added.get(wallet)?.()
    added.delete(wallet)
    const parsed = safeParse(BitcoinWalletSchema, wallet)
    if (!parsed || !isBitcoinWallet(wallet) || filterWallets([{ id: parsed.name }], config).length === 0) return
    added.set(wallet, connectors.add({ id: parsed.name, name: parsed.name, type: 'ANNOUNCED', chain: 'bip122', imageUrl: safeIconUrl(parsed.icon), provider: wallet }))
  }
  const api = getWallets()
  const offRegister = api.on('register', (...wallets) => wallets.forEach(sync))
  const offUnregister = api.on('unregister', (...wallets) =>
    wallets.forEach((wallet) => {
      added.get(wallet)?.()
      added.delete(wallet)
    }),
  )
  api.get().forEach(sync)
  return () => {
    offRegister()
    offUnregister()
    added.forEach((dispose) => dispose())
    added.clear()
  }
}
