import { useState } from 'react'
import { usePorticoAccount, usePorticoNetwork, usePorticoProvider } from '../entries/react.ts'
import { loadIsland } from './loadIsland.ts'

type Result = { kind: 'signature' | 'transaction' | 'error' | 'pending'; text: string }

/** An error as one line of text: viem's short message ("User rejected the request.") when it has one. */
export function errorText(error: unknown): string {
  const short = (error as { shortMessage?: unknown } | null | undefined)?.shortMessage
  const message = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error)
  return `Error: ${message}`
}

/**
 * The host app signing and sending with the connected wallet's own provider
 * (usePorticoProvider) through viem, which downloads on the first click.
 */
export function ProviderPanel() {
  const provider = usePorticoProvider('eip155')
  const { address } = usePorticoAccount()
  const { caipNetwork } = usePorticoNetwork()
  const [result, setResult] = useState<Result>()
  const ready = Boolean(provider && address?.startsWith('0x') && caipNetwork.chainNamespace === 'eip155')

  const run = (kind: 'signature' | 'transaction') => async () => {
    if (!provider || !address) return
    setResult({ kind: 'pending', text: 'Waiting for the wallet…' })
    try {
      const signing = await loadIsland<typeof import('./signing.ts')>('signing')
      const from = address as `0x${string}`
      const text = kind === 'signature' ? await signing.signHello(provider, from, caipNetwork) : await signing.sendToAccount1(provider, from, caipNetwork)
      setResult({ kind, text })
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error) })
    }
  }

  return (
    <section className="panel" aria-label="usePorticoProvider">
      <h2>usePorticoProvider</h2>
      <p className="hint">{ready ? 'Signs "Hello from Portico", or sends 0.001 ETH to Hardhat account #1, with the connected wallet.' : 'Connect an EVM wallet first.'}</p>
      <div className="row">
        <button type="button" disabled={!ready} onClick={run('signature')}>
          Sign message
        </button>
        <button type="button" disabled={!ready} onClick={run('transaction')}>
          Send transaction
        </button>
      </div>
      <output data-testid="result" data-kind={result?.kind} aria-live="polite">
        {result?.text ?? ''}
      </output>
    </section>
  )
}
