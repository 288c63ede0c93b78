import { ConnectButton } from '../entries/react.ts'
import { ProviderPanel } from './ProviderPanel.tsx'
import { SolanaPanel } from './SolanaPanel.tsx'
import { BitcoinPanel } from './BitcoinPanel.tsx'
import { PolkadotPanel } from './PolkadotPanel.tsx'
import { DevWalletPanel } from './devWallet/DevWalletPanel.tsx'
import { EmailLoginPanel } from './EmailLoginPanel.tsx'
import { SiwxPanel } from './SiwxPanel.tsx'
import { AccountPanel, EventsPanel, LanguagePanel, ModalPanel, NetworkPanel, ThemePanel } from './panels.tsx'

/** One panel per public hook, so every hook can be tried by hand and by the browser tests. */
export function App() {
  return (
    <main className="demo">
      <header className="demo-header">
        <h1>Portico demo</h1>
        <ConnectButton />
      </header>
      <ModalPanel />
      <LanguagePanel />
      <AccountPanel />
      <NetworkPanel />
      <ProviderPanel />
      <SolanaPanel />
      <BitcoinPanel />
      <PolkadotPanel />
      <DevWalletPanel />
      <EmailLoginPanel />
      <SiwxPanel />
      <ThemePanel />
      <EventsPanel />
    </main>
  )
}
