import { useState } from 'react'
import { usePorticoAccount, usePorticoProvider } from '../entries/react.ts'
import { errorText } from './ProviderPanel.tsx'

/** What the demo uses of the solana plugin's provider (`kit.getProvider('solana')`); the demo reaches the kit through its entry points only. */
interface SolanaProvider {
  readonly address: string | undefined
  signMessage(message: Uint8Array | string): Promise<Uint8Array>
  sendSol(parameters: { amount?: string; receiver?: string }): Promise<string>
}

type Result = { kind: 'signature' | 'transaction' | 'error' | 'pending'; text: string }

/** Where "Send SOL" sends by default: a fixed address (the public key of the seed 32 × 0x07), no one's funds. */
export const DEMO_SOL_RECEIVER = 'GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB'
export const DEMO_SOLANA_MESSAGE = 'Hello from Portico'

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * The host app signing and sending with the connected Solana wallet through
 * `usePorticoProvider('solana')` (the plugin's provider: signMessage, sendSol).
 * No Solana code here: web3.js downloads inside the plugin on the first send.
 */
export function SolanaPanel() {
  const provider = usePorticoProvider('solana') as SolanaProvider | undefined
  const { caipAddress } = usePorticoAccount()
  const [amount, setAmount] = useState('0.01')
  const [receiver, setReceiver] = useState(DEMO_SOL_RECEIVER)
  const [result, setResult] = useState<Result>()
  const ready = Boolean(provider?.address)

  const run = (kind: 'signature' | 'transaction') => async () => {
    if (!provider) return
    setResult({ kind: 'pending', text: 'Waiting for the wallet…' })
    try {
      const text = kind === 'signature' ? hex(await provider.signMessage(DEMO_SOLANA_MESSAGE)) : await provider.sendSol({ amount, receiver })
      setResult({ kind, text })
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error) })
    }
  }

  return (
    <section className="panel" aria-label="Solana provider">
      <h2>usePorticoProvider('solana')</h2>
      <p className="hint">
        {ready
          ? `Signs "${DEMO_SOLANA_MESSAGE}" (signature in hex), or sends SOL, with ${provider?.address ?? ''}${caipAddress?.startsWith('solana:') ? '' : ' (Solana is not the active namespace; signing uses the Solana network)'}.`
          : 'Connect a Solana wallet first.'}
      </p>
      <div className="row">
        <label>
          Amount (SOL) <input value={amount} onChange={(event) => setAmount(event.target.value)} data-testid="solana-amount" />
        </label>
        <label>
          Receiver <input value={receiver} onChange={(event) => setReceiver(event.target.value)} data-testid="solana-receiver" size={44} />
        </label>
      </div>
      <div className="row">
        <button type="button" disabled={!ready} onClick={run('signature')}>
          Sign Solana message
        </button>
        <button type="button" disabled={!ready} onClick={run('transaction')}>
          Send SOL
        </button>
      </div>
      <output data-testid="solana-result" data-kind={result?.kind} aria-live="polite">
        {result?.text ?? ''}
      </output>
    </section>
  )
}
