import type { ReactNode } from 'react'
import type { PorticoKit } from '../../../kernel/index.ts'
import { Button, CopyButton, QrCode, Spinner, Stack, Text, useStoreValue, useMessages } from '../../../shell/ui/index.ts'
import type { WalletConnectController } from '../controller.ts'
import type { PairingState } from '../pairingStore.ts'
import { messages } from '../locales/index.ts'

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
  const t = useMessages(kit, messages)
  if (wcError) {
    return (
      <Stack align="center" role="alert" data-testid="portico-wc-error">
        <Text variant="title">{t('walletconnect.failed')}</Text>
        <Text variant="muted">{t('walletconnect.failedWhy')}</Text>
        <Button variant="secondary" onClick={() => controller.request({ retry: true })}>
          {t('walletconnect.retry')}
        </Button>
      </Stack>
    )
  }
  if (!wcUri) {
    return (
      <Stack align="center" role="status" aria-busy="true">
        <Spinner />
        <Text variant="muted">{t('walletconnect.preparingQr')}</Text>
      </Stack>
    )
  }
  return (
    <Stack align="center" data-testid="portico-wc-pairing" data-uri={wcUri}>
      <QrCode value={wcUri} label={label} />
      <Text variant="muted">{t('walletconnect.scanWithPhone')}</Text>
      <CopyButton kit={kit} text={wcUri} label={t('walletconnect.copyLink')} successMessage={t('walletconnect.linkCopied')} />
      {children?.(wcUri)}
      <Button variant="ghost" onClick={() => controller.request({ retry: true })}>
        {t('walletconnect.retry')}
      </Button>
    </Stack>
  )
}
