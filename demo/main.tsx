import './demo.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider } from '../entries/react.ts'
import { App } from './App.tsx'
import { kit } from './config.ts'
import { announceDevWallet } from './devWallet/announce.ts'
import { demoStorage, devWalletSetting } from './devWallet/settings.ts'

// Before anything renders: the kit's wallet discovery asks for announcements, and the
// dev wallet must be listening by then.
// The Solana one, under the same switch, registers through the Wallet Standard, which
// takes a wallet registering late: its shell downloads after the first screen.
if (devWalletSetting(location.search, demoStorage()).enabled) {
  announceDevWallet()
  void import('./devWallet/solanaAnnounce.ts').then(({ registerDevSolanaWallet }) => registerDevSolanaWallet({ storage: demoStorage() as Storage | undefined }))
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PorticoProvider kit={kit}>
        <App />
      </PorticoProvider>
    </StrictMode>,
  )
}
