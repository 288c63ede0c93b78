import { useState } from 'react'
import { usePorticoProvider } from '../entries/react.ts'
import { errorText } from './ProviderPanel.tsx'

/** What the demo uses of the polkadot plugin's provider (`kit.getProvider('polkadot')`). */
interface PolkadotProvider {
  readonly extension: string
  signMessage(message: string): Promise<string>
}

type Result = { kind: 'signature' | 'error' | 'pending'; text: string }

export const DEMO_POLKADOT_MESSAGE = 'Hello from Portico'

/**
 * The host app signing with the connected Polkadot extension through
 * `usePorticoProvider('polkadot')` (signer.signRaw of the message's bytes; hex signature).
 */
export function PolkadotPanel() {
  const provider = usePorticoProvider('polkadot') as PolkadotProvider | undefined
  const [result, setResult] = useState<Result>()

  const sign = async () => {
    if (!provider) return
    setResult({ kind: 'pending', text: 'Waiting for the wallet…' })
    try {
      setResult({ kind: 'signature', text: await provider.signMessage(DEMO_POLKADOT_MESSAGE) })
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error) })
    }
  }

  return (
    <section className="panel" aria-label="Polkadot provider">
      <h2>usePorticoProvider('polkadot')</h2>
      <p className="hint">
        {provider ? `Signs "${DEMO_POLKADOT_MESSAGE}" with the connected account of ${provider.extension} (signature in hex).` : 'Connect a Polkadot wallet first.'}
      </p>
      <div className="row">
        <button type="button" disabled={!provider} onClick={() => void sign()}>
          Sign Polkadot message
        </button>
      </div>
      <output data-testid="polkadot-result" data-kind={result?.kind} aria-live="polite">
        {result?.text ?? ''}
      </output>
    </section>
  )
}
