import { useMemo } from 'react'
import { type PorticoKit, WALLET_FEATURE_ORDER, type WalletFeature } from '../../kernel/index.ts'
import { Button } from '../ui/Button.tsx'

const FEATURE_LABELS: Record<WalletFeature, string> = { onramp: 'Buy', swaps: 'Swap', receive: 'Receive', send: 'Send' }

/**
 * One button per wallet feature an enabled plugin contributes, in the SPEC §9
 * order (onramp, swaps, receive, send). A button opens its plugin's first
 * view, e.g. receive → Receive.
 */
export function WalletFeatures({ kit }: { readonly kit: PorticoKit }) {
  const features = useMemo(
    () =>
      WALLET_FEATURE_ORDER.flatMap((feature) => {
        const view = kit.plugins.ownerOf('walletFeatures', feature)?.contributes.views?.[0]
        return view ? [{ feature, view }] : []
      }),
    [kit],
  )
  if (features.length === 0) return null
  return (
    <div className="features" role="group" aria-label="Wallet features">
      {features.map(({ feature, view }) => (
        <Button key={feature} variant="secondary" data-feature={feature} onClick={() => kit.router.push(view)}>
          {FEATURE_LABELS[feature]}
        </Button>
      ))}
    </div>
  )
}
