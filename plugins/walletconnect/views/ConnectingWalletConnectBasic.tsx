import { type PorticoViewProps, Stack, Text, useMessages } from '../../../shell/ui/index.ts'
import type { WalletConnectController } from '../controller.ts'
import { useRequestPairing } from './ConnectingWalletConnect.tsx'
import { PairingPanel } from './PairingPanel.tsx'
import { messages } from '../locales/index.ts'

/** ConnectingWalletConnectBasic: the pairing QR code and "Copy link", for any wallet. */
export function createConnectingWalletConnectBasicView(controller: WalletConnectController) {
  return function ConnectingWalletConnectBasicView({ kit }: PorticoViewProps) {
    const t = useMessages(kit, messages)
    useRequestPairing(controller, undefined)
    return (
      <Stack align="center" gap="large" data-testid="portico-connecting-wc-basic">
        <Text variant="muted">{t('walletconnect.scanWithWalletConnect')}</Text>
        <PairingPanel kit={kit} controller={controller} label={t('walletconnect.qrLabel')} />
      </Stack>
    )
  }
}
