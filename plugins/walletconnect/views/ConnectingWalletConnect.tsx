import { useEffect, useRef, useState } from 'react'
import { Button, type PorticoViewProps, Stack, Text, WalletImage } from '../../../shell/ui/index.ts'
import { type WalletConnectController, routeWallet } from '../controller.ts'
import { whenAppOpens } from '../appOpened.ts'
import { nativeLink, phonePlatform, storePage, universalLink } from '../deepLinks.ts'
import type { RegistryWallet } from '../registry.ts'
import { PairingPanel } from './PairingPanel.tsx'
import { WalletLinksText } from './walletLinksText.ts'

/**
 * ConnectingWalletConnect (param wallet): the pairing QR code with the
 * wallet's icon and "Copy link"; on a phone the wallet app's deep link (and, when
 * the app does not open, its store page); the wallet's web app and desktop app
 * links; retry.
 */
export function createConnectingWalletConnectView(controller: WalletConnectController) {
  return function ConnectingWalletConnectView({ kit, data }: PorticoViewProps) {
    const wallet = routeWallet(data)
    useRequestPairing(controller, wallet)
    if (!wallet) {
      return (
        <Text role="alert" variant="muted">
          No wallet was picked: go back and choose one from the list.
        </Text>
      )
    }
    return (
      <Stack align="center" gap="large" data-testid="portico-connecting-wc" data-wallet={wallet.id}>
        <WalletImage src={wallet.imageUrl} size={64} />
        <Text variant="title">Continue in {wallet.name}</Text>
        <PairingPanel kit={kit} controller={controller} label={`QR code to connect ${wallet.name}`}>
          {(uri) => <WalletLinks controller={controller} wallet={wallet} uri={uri} />}
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

function WalletLinks({ controller, wallet, uri }: { controller: WalletConnectController; wallet: RegistryWallet; uri: string }) {
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
          Open {wallet.name}
        </Button>
      )}
      {appMissing && <AppNotOpened wallet={wallet} />}
      {desktop && (
        <Button
          variant="secondary"
          onClick={() => {
            controller.rememberDeepLink(desktop, wallet)
            controller.open(desktop.redirect, '_self')
          }}
        >
          Open the desktop app
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
          Open the web app
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
function AppNotOpened({ wallet }: { wallet: RegistryWallet }) {
  const store = storePage(wallet, phonePlatform(navigator.userAgent))
  return (
    <Stack align="center" role="alert" data-testid="portico-wc-app-missing">
      <Text variant="title">{WalletLinksText.notOpened(wallet.name)}</Text>
      <Text variant="muted">{WalletLinksText.NOT_OPENED_WHY}</Text>
      {store && (
        <a className="button" data-variant="secondary" href={store} target="_blank" rel="noopener noreferrer">
          {WalletLinksText.getWallet(wallet.name)}
          <span className="sr-only"> {WalletLinksText.OPENS_IN_NEW_TAB}</span>
        </a>
      )}
    </Stack>
  )
}
