import { type ChainState, formatBalance, truncateAddress } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { useLocale } from '../ui/useLocale.ts'
import { Button } from '../ui/Button.tsx'
import { CopyButton } from '../ui/CopyButton.tsx'
import { Stack } from '../ui/Stack.tsx'
import { Text } from '../ui/Text.tsx'
import { AccountTabs } from './AccountTabs.tsx'
import type { PorticoViewProps } from '../ui/PorticoView.ts'
import { WalletFeatures } from './WalletFeatures.tsx'
import { errorMessage } from './errorMessage.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { useShownText } from '../ui/shownText.ts'

const selectNamespace = (s: ChainState) => s.activeNamespace
const selectAccount = (s: ChainState) => s.chains[s.activeNamespace]?.accountState
const selectNetwork = (s: ChainState) => s.activeCaipNetwork

/** The Account view: address, balance, wallet features, the Tokens/NFTs/Activity tabs, Disconnect. */
export function AccountView({ kit }: PorticoViewProps) {
  const namespace = useStoreValue(kit.chains, selectNamespace)
  const account = useStoreValue(kit.chains, selectAccount)
  const network = useStoreValue(kit.chains, selectNetwork)
  const t = useMessages(kit, coreMessages)
  const locale = useLocale(kit)
  const shown = useShownText(kit)
  if (!account) return null
  const { address, balance, balanceSymbol } = account

  const onDisconnect = async () => {
    try {
      await kit.disconnect()
      kit.close()
    } catch (error) {
      // The kernel has already reset this side and emitted DISCONNECT_ERROR; tell the visitor too.
      kit.snack.showError(shown(errorMessage(error)))
    }
  }

  return (
    <Stack gap="large" data-testid="portico-account">
      <Stack align="center">
        {address && (
          <Text variant="title" title={address} dir="ltr" data-testid="portico-account-address">
            {account.profileName ?? truncateAddress(address)}
          </Text>
        )}
        {balance !== undefined && (
          <Text variant="muted" dir="ltr" data-testid="portico-account-balance">
            {formatBalance(balance, balanceSymbol, locale)}
          </Text>
        )}
        <Text variant="small">{network.name}</Text>
        {address && <CopyButton kit={kit} text={address} label={t('account.copyAddress')} successMessage={t('account.addressCopied')} />}
      </Stack>
      <WalletFeatures kit={kit} />
      <AccountTabs kit={kit} namespace={namespace} account={account} />
      <Button variant="secondary" onClick={onDisconnect}>
        {t('account.disconnect')}
      </Button>
    </Stack>
  )
}
