import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConnectButton, PorticoProvider, usePorticoAccount, usePorticoNetwork } from 'portico/react'
import { parseEther } from 'viem'
import { WagmiProvider, useAccount, useChainId, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, useWriteContract } from 'wagmi'
import { STORE_ABI, storeAddress } from './store.ts'
import { config, kit } from './wagmi.ts'

const queryClient = new QueryClient()
/** Hardhat's second account: where the example's transaction goes. */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** wagmi's hooks, on the connection Portico's modal made. */
function Wagmi() {
  const { address } = useAccount()
  const { disconnect } = useDisconnect()
  const send = useSendTransaction()
  const sign = useSignMessage()
  const chainId = useChainId()
  const { switchChain } = useSwitchChain()
  const write = useWriteContract()
  return (
    <section>
      <dl>
        <dt>wagmi's address</dt>
        <dd data-testid="wagmi-address">{address ?? 'Not connected'}</dd>
        <dt>Transaction</dt>
        <dd data-testid="tx-hash">{send.data ?? ''}</dd>
        <dt>Signature</dt>
        <dd data-testid="signature">{sign.data ?? ''}</dd>
        <dt>wagmi's chain</dt>
        <dd data-testid="wagmi-chain">{chainId}</dd>
        <dt>Contract write</dt>
        <dd data-testid="write-hash">{write.data ?? ''}</dd>
      </dl>
      <button type="button" onClick={() => send.sendTransaction({ to: RECEIVER, value: parseEther('0.01') })}>
        Send 0.01 ETH
      </button>
      <button type="button" onClick={() => sign.signMessage({ message: 'Hello from wagmi' })}>
        Sign a message
      </button>
      <button type="button" onClick={() => switchChain({ chainId: chainId === 31337 ? 31338 : 31337 })}>
        Switch chain
      </button>
      <button type="button" onClick={() => write.writeContract({ address: storeAddress()!, abi: STORE_ABI, functionName: 'set', args: [42n] })}>
        Store 42
      </button>
      <button type="button" onClick={() => disconnect()}>
        Disconnect with wagmi
      </button>
    </section>
  )
}

/** Portico's own view of the same connection. */
function Portico() {
  const { address, isConnected } = usePorticoAccount()
  const { chainId } = usePorticoNetwork()
  return (
    <dl>
      <dt>Portico's address</dt>
      <dd data-testid="address">{isConnected && address ? address : 'Not connected'}</dd>
      <dt>Portico's chain</dt>
      <dd data-testid="chain">{chainId}</dd>
    </dl>
  )
}

export function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider kit={kit}>
          <main>
            <h1>Portico on wagmi 2 (React 18, Vite)</h1>
            <ConnectButton />
            <Portico />
            <Wagmi />
          </main>
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
