import { useEffect, useRef } from 'react'
import { Button, type PorticoViewProps, Stack, Text, type TranslateOf, WalletImage, useMessages } from '../../../shell/ui/index.ts'
import { type WalletConnectController, routeWallet } from '../controller.ts'
import { nativeLink, universalLink } from '../deepLinks.ts'
import type { RegistryWallet } from '../registry.ts'
import { PairingPanel } from './PairingPanel.tsx'
import { messages } from '../locales/index.ts'

/**
 * ConnectingWalletConnect (param wallet): the pairing QR code with the
 * wallet's icon and "Copy link"; on a phone the wallet app's deep link; the
 * wallet's web app and desktop app links; retry.
 */
export function createConnectingWalletConnectView(controller: WalletConnectController) {
  return function ConnectingWalletConnectView({ kit, data }: PorticoViewProps) {
    const wallet = routeWallet(data)
    const t = useMessages(kit, messages)
    useRequestPairing(controller, wallet)
    if (!wallet) {
      return (
        <Text role="alert" variant="muted">
          {t('walletconnect.noWalletPicked')}
        </Text>
      )
    }
    return (
      <Stack align="center" gap="large" data-testid="portico-connecting-wc" data-wallet={wallet.id}>
        <WalletImage src={wallet.imageUrl} size={64} />
        <Text variant="title">{t('walletconnect.continueIn', { wallet: wallet.name })}</Text>
        <PairingPanel kit={kit} controller={controller} label={t('walletconnect.qrToConnect', { wallet: wallet.name })}>
          {(uri) => <WalletLinks controller={controller} wallet={wallet} uri={uri} t={t} />}
        </PairingPanel>
      </Stack>
    )
  }
}

/** Asks for a pairing once per mounted wallet (refs survive StrictMode's effect replay). */
export function useRequestPairing(controller: WalletConnectController, wallet: RegistryWallet | undefined) {
  const asked = useRef<string | null>(null)
  useEffect(() => {
    const key = wallet?.id ?? ''
    if (asked.current === key) return
    asked.current = key
    controller.pick(wallet)
    controller.request()
  }, [controller, wallet?.id])
}

function WalletLinks({ controller, wallet, uri, t }: { controller: WalletConnectController; wallet: RegistryWallet; uri: string; t: TranslateOf<typeof messages> }) {
  const mobile = controller.environment.isMobile()
  const app = mobile ? nativeLink(wallet.mobileLink, uri) : undefined
  const desktop = mobile ? undefined : nativeLink(wallet.desktopLink, uri)
  const web = universalLink(wallet.webappLink, uri)
  return (
    <>
      {app && (
        <Button
          onClick={() => {
            controller.rememberDeepLink(app, wallet)
            controller.open(app.redirect, '_self')
          }}
        >
          {t('walletconnect.open', { wallet: wallet.name })}
        </Button>
      )}
      {desktop && (
        <Button
          variant="secondary"
          onClick={() => {
            controller.rememberDeepLink(desktop, wallet)
            controller.open(desktop.redirect, '_self')
          }}
        >
          {t('walletconnect.openDesktop')}
        </Button>
      )}
      {web && (
        <Button
          variant="secondary"
          onClick={() => {
            controller.rememberDeepLink(web, wallet)
            controller.open(web.redirect, '_blank')
          }}
        >
          {t('walletconnect.openWeb')}
        </Button>
      )}
    </>
  )
}
