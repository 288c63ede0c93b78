'use client'

import { ConnectButton, usePorticoAccount, usePorticoNetwork } from 'portico/react'
import { parseEther } from 'viem'
import { useChainId, useConnection, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, useWriteContract } from 'wagmi'
import { STORE_ABI, storeAddress } from './store.ts'

/** Hardhat's second account: where the example's transaction goes. */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** wagmi's hooks, on the connection Portico's modal made; Portico's own view of it beside them. */
export function Wallet() {
  const { address } = useConnection()
  const { disconnect } = useDisconnect()
  const send = useSendTransaction()
  const sign = useSignMessage()
  const chainId = useChainId()
  const switchChain = useSwitchChain()
  const write = useWriteContract()
  const portico = usePorticoAccount()
  const porticoNetwork = usePorticoNetwork()
  return (
    <main>
      <h1>Portico on wagmi 3 (Next.js)</h1>
      <ConnectButton />
      <dl>
        <dt>wagmi's address</dt>
        <dd data-testid="wagmi-address">{address ?? 'Not connected'}</dd>
        <dt>Portico's address</dt>
        <dd data-testid="address">{portico.isConnected && portico.address ? portico.address : 'Not connected'}</dd>
        <dt>Transaction</dt>
        <dd data-testid="tx-hash">{send.data ?? ''}</dd>
        <dt>Signature</dt>
        <dd data-testid="signature">{sign.data ?? ''}</dd>
        <dt>wagmi's chain</dt>
        <dd data-testid="wagmi-chain">{chainId}</dd>
        <dt>Portico's chain</dt>
        <dd data-testid="chain">{porticoNetwork.chainId}</dd>
        <dt>Contract write</dt>
        <dd data-testid="write-hash">{write.data ?? ''}</dd>
      </dl>
      <button type="button" onClick={() => send.mutate({ to: RECEIVER, value: parseEther('0.01') })}>
        Send 0.01 ETH
      </button>
      <button type="button" onClick={() => sign.mutate({ message: 'Hello from wagmi' })}>
        Sign a message
      </button>
      <button type="button" onClick={() => switchChain.mutate({ chainId: chainId === 31337 ? 31338 : 31337 })}>
        Switch chain
      </button>
      <button type="button" onClick={() => write.mutate({ address: storeAddress()!, abi: STORE_ABI, functionName: 'set', args: [42n] })}>
        Store 42
      </button>
      <button type="button" onClick={() => disconnect()}>
        Disconnect with wagmi
      </button>
    </main>
  )
}
