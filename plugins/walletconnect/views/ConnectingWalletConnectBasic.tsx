import { type PorticoViewProps, Stack, Text } from '../../../shell/ui/index.ts'
import type { WalletConnectController } from '../controller.ts'
import { useRequestPairing } from './ConnectingWalletConnect.tsx'
import { PairingPanel } from './PairingPanel.tsx'

/** ConnectingWalletConnectBasic: the pairing QR code and "Copy link", for any wallet. */
export function createConnectingWalletConnectBasicView(controller: WalletConnectController) {
  return function ConnectingWalletConnectBasicView({ kit }: PorticoViewProps) {
    useRequestPairing(controller, undefined)
    return (
      <Stack align="center" gap="large" data-testid="portico-connecting-wc-basic">
        <Text variant="muted">Scan with a WalletConnect wallet</Text>
        <PairingPanel kit={kit} controller={controller} label="WalletConnect QR code" />
      </Stack>
    )
  }
}
