import type { ReactNode } from 'react'
import type { PorticoKit } from '../../../kernel/index.ts'
import { Button, CopyButton, QrCode, Spinner, Stack, Text, useStoreValue } from '../../../shell/ui/index.ts'
import type { WalletConnectController } from '../controller.ts'
import type { PairingState } from '../pairingStore.ts'

const selectPairing = (s: PairingState) => s

/**
 * The QR code of the pending pairing with "Copy link", a spinner while the
 * uri is on its way, and a retry when it failed. `children` adds wallet links.
 */
export function PairingPanel({
  kit,
  controller,
  label,
  children,
}: {
  readonly kit: PorticoKit
  readonly controller: WalletConnectController
  readonly label: string
  readonly children?: (uri: string) => ReactNode
}) {
  const { wcUri, wcError } = useStoreValue(controller.pairing, selectPairing)
  if (wcError) {
    return (
      <Stack align="center" role="alert" data-testid="portico-wc-error">
        <Text variant="title">Connection failed</Text>
        <Text variant="muted">The wallet declined, or the connection service could not be reached.</Text>
        <Button variant="secondary" onClick={() => controller.request({ retry: true })}>
          Retry
        </Button>
      </Stack>
    )
  }
  if (!wcUri) {
    return (
      <Stack align="center" role="status" aria-busy="true">
        <Spinner />
        <Text variant="muted">Preparing the QR code…</Text>
      </Stack>
    )
  }
  return (
    <Stack align="center" data-testid="portico-wc-pairing" data-uri={wcUri}>
      <QrCode value={wcUri} label={label} />
      <Text variant="muted">Scan with your phone's wallet</Text>
      <CopyButton kit={kit} text={wcUri} label="Copy link" successMessage="Link copied" />
      {children?.(wcUri)}
      <Button variant="ghost" onClick={() => controller.request({ retry: true })}>
        Retry
      </Button>
    </Stack>
  )
}
