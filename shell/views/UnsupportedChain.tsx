import type { CaipNetwork } from '../../kernel/index.ts'
import { ListItem } from '../ui/ListItem.tsx'
import { Stack } from '../ui/Stack.tsx'
import { Text } from '../ui/Text.tsx'
import { WalletImage } from '../ui/WalletImage.tsx'
import type { PorticoViewProps } from '../ui/PorticoView.ts'
import { errorMessage } from './errorMessage.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'

/**
 * Shown when the wallet is on a network the app does not support; lists
 * the configured ones. The kernel closes the modal once the switch succeeds.
 */
export function UnsupportedChainView({ kit }: PorticoViewProps) {
  const t = useMessages(kit, coreMessages)
  const choose = (network: CaipNetwork) => {
    kit.switchNetwork(network).catch((error: unknown) => kit.snack.showError(errorMessage(error)))
  }
  return (
    <Stack data-testid="portico-unsupported-chain">
      <Text variant="muted">{t('unsupportedChain.explain')}</Text>
      <ul className="list" aria-label={t('unsupportedChain.available')}>
        {kit.config.networks.map((network) => (
          <li key={network.caipNetworkId}>
            <ListItem image={<WalletImage src={network.assets?.imageUrl} size={32} />} onClick={() => choose(network)}>
              {network.name}
            </ListItem>
          </li>
        ))}
      </ul>
    </Stack>
  )
}
