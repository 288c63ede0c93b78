import type { PorticoKit } from '../../kernel/index.ts'
import { Button } from '../ui/Button.tsx'
import { Icon } from '../ui/icons.tsx'

/**
 * One button per wallet feature an enabled plugin contributes (Buy, Swap, Receive,
 * Send, ...), in the plugins' rank order; a button opens the feature's view.
 */
export function WalletFeatures({ kit }: { readonly kit: PorticoKit }) {
  const features = kit.plugins.contributed('walletFeatures')
  if (features.length === 0) return null
  return (
    <div className="features" role="group" aria-label="Wallet features">
      {features.map((feature) => (
        <Button key={feature.id} variant="secondary" data-feature={feature.id} onClick={() => kit.router.push(feature.view)}>
          {feature.icon && <Icon d={feature.icon} />}
          {feature.label}
        </Button>
      ))}
    </div>
  )
}
