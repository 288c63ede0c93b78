import { useRef } from 'react'
import type { CaipNetwork, ChainState } from '../../kernel/index.ts'
import { ListItem } from '../ui/ListItem.tsx'
import type { PorticoViewProps } from '../ui/PorticoView.ts'
import { Stack } from '../ui/Stack.tsx'
import { WalletImage } from '../ui/WalletImage.tsx'
import { shallowEqual } from '../ui/shallowEqual.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { errorMessage } from './errorMessage.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'

const selectNetworks = (state: ChainState) => ({
  // networks() reads the chain records, so it changes exactly when `state.chains` does.
  chains: state.chains,
  active: state.activeCaipNetwork.caipNetworkId,
})

/**
 * Every network of the kit (configured or added since), the active one marked
 * with `aria-current`. Choosing one switches to it and goes back (closing the
 * modal when this view was the first); a refusal or failure shows as an error
 * snack and leaves the list in place. `<portico-network-button>` opens it.
 */
export function NetworksView({ kit }: PorticoViewProps) {
  const { active } = useStoreValue(kit.chains, selectNetworks, shallowEqual)
  const t = useMessages(kit, coreMessages)
  const networks = kit.chains.networks()
  // One switch at a time: a second press while the wallet asks would go back twice.
  const switching = useRef(false)
  const choose = async (network: CaipNetwork) => {
    if (switching.current) return
    switching.current = true
    try {
      if (network.caipNetworkId !== active) await kit.switchNetwork(network)
      kit.router.goBack()
    } catch (error) {
      kit.snack.showError(errorMessage(error))
    } finally {
      switching.current = false
    }
  }
  return (
    <Stack data-testid="portico-networks">
      <ul className="list" aria-label={t('networks.list')}>
        {networks.map((network) => {
          const current = network.caipNetworkId === active
          return (
            <li key={network.caipNetworkId}>
              <ListItem
                image={<WalletImage src={network.assets?.imageUrl} size={32} />}
                aria-current={current ? 'true' : undefined}
                description={current ? t('networks.active') : undefined}
                onClick={() => void choose(network)}
              >
                {network.name}
              </ListItem>
            </li>
          )
        })}
      </ul>
    </Stack>
  )
}
