import { useState } from 'react'
import * as v from 'valibot'
import { usePorticoProvider } from '../entries/react.ts'
import { kit } from './config.ts'
import { errorText } from './ProviderPanel.tsx'

type Result = { kind: 'addresses' | 'signature' | 'error' | 'pending'; text: string }

export const DEMO_BITCOIN_MESSAGE = 'Hello from Portico'

// What the bip122 methods answer (the host app checks what it is handed, like the kit does).
const AddressesSchema = v.array(v.object({ address: v.string(), purpose: v.string() }))
const SignedSchema = v.object({ address: v.string(), signature: v.string() })

/**
 * The host app calling the bip122 JSON-RPC methods through `kit.request`:
 * getAccountAddresses, and signMessage with the payment address (the wallet's
 * BIP-322 or legacy signature, base64).
 */
export function BitcoinPanel() {
  const ready = Boolean(usePorticoProvider('bip122'))
  const [result, setResult] = useState<Result>()

  const run = (kind: 'addresses' | 'signature') => async () => {
    setResult({ kind: 'pending', text: 'Waiting for the wallet…' })
    try {
      const addresses = v.parse(AddressesSchema, await kit.request({ method: 'getAccountAddresses' }))
      if (kind === 'addresses') {
        setResult({ kind, text: addresses.map((entry) => `${entry.purpose} ${entry.address}`).join(', ') })
        return
      }
      const payment = addresses.find((entry) => entry.purpose === 'payment')
      if (!payment) throw new Error('The wallet lists no payment address')
      const params = { message: DEMO_BITCOIN_MESSAGE, address: payment.address }
      const signed = v.parse(SignedSchema, await kit.request({ method: 'signMessage', params }))
      setResult({ kind, text: signed.signature })
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error) })
    }
  }

  return (
    <section className="panel" aria-label="Bitcoin requests">
      <h2>kit.request (bip122)</h2>
      <p className="hint">
        {ready ? `Lists the wallet's addresses, or signs "${DEMO_BITCOIN_MESSAGE}" with its payment address (signature in base64).` : 'Connect a Bitcoin wallet first.'}
      </p>
      <div className="row">
        <button type="button" disabled={!ready} onClick={run('addresses')}>
          Get Bitcoin addresses
        </button>
        <button type="button" disabled={!ready} onClick={run('signature')}>
          Sign Bitcoin message
        </button>
      </div>
      <output data-testid="bitcoin-result" data-kind={result?.kind} aria-live="polite">
        {result?.text ?? ''}
      </output>
    </section>
  )
}
