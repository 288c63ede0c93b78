import { createPortico } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { ConnectButton, PorticoProvider, usePorticoAccount, usePorticoNetwork } from 'portico/react'
import { networks } from './networks.ts'

// One kit for the app's lifetime, created outside React. Only the EVM plugin is
// imported, so no other chain's code is in the build.
const kit = createPortico({ projectId: 'portico-example-react-18', networks, plugins: [eip155Plugin()] })

function Account() {
  const { address, isConnected } = usePorticoAccount()
  const { caipNetwork } = usePorticoNetwork()
  return (
    <dl>
      <dt>Network</dt>
      <dd data-testid="network">{caipNetwork.name}</dd>
      <dt>Address</dt>
      <dd data-testid="address">{isConnected && address ? address : 'Not connected'}</dd>
    </dl>
  )
}

export function App() {
  return (
    <PorticoProvider kit={kit}>
      <main>
        <h1>Portico with React 18 and Vite</h1>
        <ConnectButton />
        <Account />
      </main>
    </PorticoProvider>
  )
}
