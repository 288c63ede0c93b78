import type { ChainState, PorticoKit } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { Button } from '../ui/Button.tsx'
import { Icon } from '../ui/icons.tsx'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { usePluginLabels } from '../i18n/pluginLabels.ts'

const selectAccount = (s: ChainState) => s.chains[s.activeNamespace]?.accountState

/**
 * One button per wallet feature an enabled plugin contributes (Buy, Swap, Receive,
 * Send, ...), in the plugins' rank order, those for another kind of account left out;
 * a button opens the feature's view.
 */
export function WalletFeatures({ kit }: { readonly kit: PorticoKit }) {
  const account = useStoreValue(kit.chains, selectAccount)
  const t = useMessages(kit, coreMessages)
  const label = usePluginLabels(kit)
  const features = kit.plugins.contributed('walletFeatures').filter((feature) => !feature.whenAccount || (account !== undefined && feature.whenAccount(account)))
  if (features.length === 0) return null
  return (
    <div className="features" role="group" aria-label={t('account.walletFeatures')}>
      {features.map((feature) => (
        <Button key={feature.id} variant="secondary" data-feature={feature.id} onClick={() => kit.router.push(feature.view)}>
          {feature.icon && <Icon d={feature.icon} />}
          {label(feature.label)}
        </Button>
      ))}
    </div>
  )
}
