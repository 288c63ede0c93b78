import { useEffect, useState } from 'react'
import { CopyButton, type PorticoView, QrCode, Spinner, Stack, Text, useMessages, useShownText, useStoreValue } from '../../../shell/ui/index.ts'
import type { FarcasterController } from '../farcaster.ts'
import { messages } from '../locales/index.ts'
import type { SocialsState, SocialsStore } from '../state.ts'

const selectUrl = (state: SocialsState) => state.farcasterUrl
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong')

/**
 * Farcaster login: the url of the relay channel as a QR code for the visitor's Farcaster app,
 * and as text with "Copy link"; the login finishes on its own once they signed there.
 */
export function createConnectingFarcaster(controller: FarcasterController, state: SocialsStore): PorticoView {
  return function ConnectingFarcaster({ kit }) {
    const url = useStoreValue(state, selectUrl)
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const [error, setError] = useState<string>()

    useEffect(() => {
      const abort = new AbortController()
      controller.connect(abort.signal).catch((reason: unknown) => {
        if (!abort.signal.aborted) setError(messageOf(reason))
      })
      return () => abort.abort()
    }, [])

    if (error) {
      return (
        <Stack align="center" role="alert">
          <Text variant="title">{t('socials.farcaster.failed')}</Text>
          <Text variant="error">{shown(error)}</Text>
        </Stack>
      )
    }
    if (!url) {
      return (
        <Stack align="center" role="status" aria-busy="true">
          <Spinner />
          <Text variant="muted">{t('socials.farcaster.preparingQr')}</Text>
        </Stack>
      )
    }
    return (
      <Stack align="center" data-testid="portico-farcaster" data-url={url}>
        <QrCode value={url} label={t('socials.farcaster.qrLabel')} />
        <Text variant="muted">{t('socials.farcaster.scan')}</Text>
        <Text variant="muted" data-testid="portico-farcaster-url" className="farcaster-url">
          {url}
        </Text>
        <CopyButton kit={kit} text={url} label={t('socials.copyLink')} successMessage={t('socials.linkCopied')} />
      </Stack>
    )
  }
}
