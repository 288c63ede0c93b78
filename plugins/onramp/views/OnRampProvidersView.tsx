import { useEffect, useState } from 'react'
import type { ChainState } from '../../../kernel/index.ts'
import { FeeRangePercent } from '../contract.ts'
import { ListItem, type PorticoView, Stack, Text, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import type { OnRampProvider, OnRampProviderId, ParsedOnRampOptions } from '../contract.ts'
import { providerUrl } from '../onrampUrls.ts'
import { messages } from '../locales/index.ts'

const NAMES: Readonly<Record<OnRampProviderId, string>> = { coinbase: 'Coinbase', meld: 'Meld' }

/** The active account and its network: what a purchase is for. */
const purchaseTarget = (state: ChainState) => ({
  namespace: state.activeNamespace,
  address: state.chains[state.activeNamespace]?.accountState.address,
  network: state.activeCaipNetwork,
})
const sameTarget = (a: ReturnType<typeof purchaseTarget>, b: ReturnType<typeof purchaseTarget>) => a.namespace === b.namespace && a.address === b.address && a.network === b.network

/** Where a popup opens: its own window, with no way back to this page (noopener). */
const POPUP_FEATURES = 'popup,width=480,height=720,noopener,noreferrer'

/**
 * The providers that sell on the account's namespace, each with its fee range (SPEC §9).
 * Choosing one opens its page in a popup at once, inside the click (so no popup blocker
 * steps in), with the address, network, asset and preset amount.
 */
export function createOnRampProvidersView(options: ParsedOnRampOptions): PorticoView {
  return function OnRampProvidersView({ kit }) {
    const { namespace, address, network } = useStoreValue(kit.chains, purchaseTarget, sameTarget)
    const [opened, setOpened] = useState<OnRampProviderId | undefined>(undefined)
    const t = useMessages(kit, messages)
    const offered = options.providers.filter((provider) => (FeeRangePercent[provider.id].namespaces as readonly string[]).includes(namespace))
    // Opened where nothing can be bought (not connected, or a namespace no provider serves, as
    // kit.open({ view: 'OnRampProviders' }) may do): the visitor goes where they can act instead.
    const unusable = !address || offered.length === 0
    useEffect(() => {
      if (unusable) kit.router.replace(address ? 'Account' : 'Connect')
    }, [unusable, address])
    if (unusable) return null

    const open = (provider: OnRampProvider) => {
      const url = providerUrl(provider, { address, network, ...(options.presetAmount === undefined ? {} : { presetAmount: options.presetAmount }) })
      globalThis.open(url, '_blank', POPUP_FEATURES)
      setOpened(provider.id)
    }

    return (
      <Stack gap="large">
        <Text variant="muted">{t('onramp.intro', { symbol: network.nativeCurrency.symbol, network: network.name })}</Text>
        <ul className="onramp-providers" aria-label={t('onramp.providers')}>
          {offered.map((provider) => {
            const fee = FeeRangePercent[provider.id]
            return (
              <li key={provider.id}>
                <ListItem data-provider={provider.id} description={t('onramp.feeRange', { min: fee.min, max: fee.max })} onClick={() => open(provider)}>
                  {NAMES[provider.id]}
                </ListItem>
              </li>
            )
          })}
        </ul>
        <Text variant="muted" role="status" data-testid="onramp-status">
          {opened ? t('onramp.continueInWindow', { provider: NAMES[opened] }) : ''}
        </Text>
      </Stack>
    )
  }
}
