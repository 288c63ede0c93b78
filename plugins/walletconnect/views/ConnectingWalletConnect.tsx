import { useEffect, useRef, useState } from 'react'
import { Button, type PorticoViewProps, Stack, Text, type TranslateOf, WalletImage, useMessages } from '../../../shell/ui/index.ts'
import { type WalletConnectController, routeWallet } from '../controller.ts'
import { whenAppOpens } from '../appOpened.ts'
import { nativeLink, phonePlatform, storePage, universalLink } from '../deepLinks.ts'
import type { RegistryWallet } from '../registry.ts'
import { PairingPanel } from './PairingPanel.tsx'
import { messages } from '../locales/index.ts'

/**
 * ConnectingWalletConnect (param wallet): the pairing QR code with the
 * wallet's icon and "Copy link"; on a phone the wallet app's deep link (and, when
 * the app does not open, its store page); the wallet's web app and desktop app
 * links; retry.
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
  const [appMissing, openApp] = useAppOpenWatch()
  return (
    <>
      {app && (
        <Button
          onClick={() => {
            controller.rememberDeepLink(app, wallet)
            openApp(() => controller.open(app.redirect, '_self'))
          }}
        >
          {t('walletconnect.open', { wallet: wallet.name })}
        </Button>
      )}
      {appMissing && <AppNotOpened wallet={wallet} t={t} />}
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

/**
 * Runs `open` (a deep link) and then watches the page: `missing` turns true when the app
 * did not come up within the wait, so the view can say so instead of failing silently.
 */
function useAppOpenWatch(): [missing: boolean, open: (open: () => void) => void] {
  const [missing, setMissing] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const open = (run: () => void) => {
    setMissing(false)
    const opened = whenAppOpens(window)
    run()
    void opened.then((yes) => mounted.current && setMissing(!yes))
  }
  return [missing, open]
}

/** The wallet app did not open: say so, and offer its store page for this phone. */
function AppNotOpened({ wallet, t }: { wallet: RegistryWallet; t: TranslateOf<typeof messages> }) {
  const store = storePage(wallet, phonePlatform(navigator.userAgent))
  return (
    <Stack align="center" role="alert" data-testid="portico-wc-app-missing">
      <Text variant="title">{t('walletconnect.appNotOpened', { wallet: wallet.name })}</Text>
      <Text variant="muted">{t('walletconnect.appNotOpenedWhy')}</Text>
      {store && (
        <a className="button" data-variant="secondary" href={store} target="_blank" rel="noopener noreferrer">
          {t('walletconnect.getWallet', { wallet: wallet.name })}
          <span className="sr-only"> {t('walletconnect.opensInNewTab')}</span>
        </a>
      )}
    </Stack>
  )
}
