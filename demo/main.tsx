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
if (devWalletSetting(location.search, demoStorage()).enabled) announceDevWallet()

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
