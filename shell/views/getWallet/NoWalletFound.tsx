import type { PorticoKit } from '../../../kernel/index.ts'
import { Button } from '../../ui/Button.tsx'
import { Text } from '../../ui/Text.tsx'
import { coreMessages } from '../../locales/core/index.ts'
import { useMessages } from '../../ui/messages.ts'

/**
 * The wallet section when it has nothing to list (no wallet announced itself and nothing
 * offers a QR code or a catalogue): what is missing and why, and the way to get a wallet,
 * rather than an empty dialog.
 */
export function NoWalletFound({ kit }: { readonly kit: PorticoKit }) {
  const t = useMessages(kit, coreMessages)
  return (
    <div className="status" data-testid="no-wallet-found">
      <Text as="h3" variant="title">
        {t('getWallet.noWalletFound')}
      </Text>
      <Text variant="muted">{t('getWallet.noWalletWhy')}</Text>
      <Button onClick={() => kit.router.push('GetWallet')}>{t('getWallet.getAWallet')}</Button>
    </div>
  )
}
