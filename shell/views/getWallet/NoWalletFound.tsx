import type { PorticoKit } from '../../../kernel/index.ts'
import { Button } from '../../ui/Button.tsx'
import { Text } from '../../ui/Text.tsx'
import { GetWalletText } from './getWalletText.ts'

/**
 * The wallet section when it has nothing to list (no wallet announced itself and nothing
 * offers a QR code or a catalogue): what is missing and why, and the way to get a wallet,
 * rather than an empty dialog.
 */
export function NoWalletFound({ kit }: { readonly kit: PorticoKit }) {
  return (
    <div className="status" data-testid="no-wallet-found">
      <Text as="h3" variant="title">
        {GetWalletText.NO_WALLET_FOUND}
      </Text>
      <Text variant="muted">{GetWalletText.NO_WALLET_WHY}</Text>
      <Button onClick={() => kit.router.push('GetWallet')}>{GetWalletText.GET_A_WALLET}</Button>
    </div>
  )
}
