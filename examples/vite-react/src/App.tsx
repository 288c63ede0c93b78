import { createPortico } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { ConnectButton, PorticoProvider, usePorticoAccount } from 'portico/react'
import { networks } from './networks.ts'

// One kit for the app's lifetime, created outside React. Only the EVM plugin is
// imported, so no other chain's code is in the build.
// `locale`: one of the 22 ('ja', 'ar', ...); left out, the browser's languages pick it.
const kit = createPortico({ projectId: 'portico-example-vite-react', networks, plugins: [eip155Plugin()], locale: 'en' })

function Account() {
  const { address, isConnected } = usePorticoAccount()
  return <p data-testid="address">{isConnected && address ? address : 'Not connected'}</p>
}

export function App() {
  return (
    <PorticoProvider kit={kit}>
      <main>
        <h1>Portico with React 19 and Vite</h1>
        <ConnectButton />
        <Account />
      </main>
    </PorticoProvider>
  )
}
