import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { usePorticoAccount, usePorticoState } from '../entries/react.ts'
import { requestSiwxSignIn, siwxSignOut } from '../entries/siwx.ts'
import { SIWX_MODES, type SiwxMode, kit, siwxMode } from './config.ts'
import { errorText } from './ProviderPanel.tsx'

const Account = v.object({ address: v.string(), chainId: v.string() })
const SessionAnswer = v.object({ session: v.nullable(Account) })

/** The backend's view of this visitor's sign-in (GET /siwx/session: 200 with or without one). */
async function readSession(): Promise<string> {
  const response = await fetch('/siwx/session', { cache: 'no-store' })
  const answer = response.ok ? v.safeParse(SessionAnswer, await response.json()) : undefined
  if (!answer?.success) return `Error: /siwx/session answered ${response.status}`
  const { session } = answer.output
  return session ? `Signed in as ${session.address} on ${session.chainId}` : 'Not signed in'
}

/** What the protected endpoint (GET /api/me: 401 unless signed in) answers. */
async function askProtectedEndpoint(): Promise<string> {
  const response = await fetch('/api/me', { cache: 'no-store' })
  const me = response.ok ? v.safeParse(Account, await response.json()) : undefined
  return me?.success ? `/api/me answered ${response.status}: ${me.output.address} on ${me.output.chainId}` : `/api/me answered ${response.status}`
}

/** The page again with `?siwx=` set to the mode (off drops it), other parameters kept. */
function withMode(mode: SiwxMode): string {
  const params = new URLSearchParams(location.search)
  if (mode === 'off') params.delete('siwx')
  else params.set('siwx', mode)
  const query = params.toString()
  return `${location.pathname}${query ? `?${query}` : ''}`
}

/**
 * Sign in with the wallet against the demo's backend (portico/siwx-server): the mode
 * switch reloads the demo with `?siwx=`; the panel shows the backend's session for this
 * visitor, and what its protected endpoint answers.
 */
export function SiwxPanel() {
  const mode = siwxMode(location.search)
  const { address, status } = usePorticoAccount()
  const { open } = usePorticoState()
  const [session, setSession] = useState('')
  const [protectedAnswer, setProtectedAnswer] = useState('')

  const check = () => readSession().then(setSession, (error: unknown) => setSession(errorText(error)))
  const askProtected = () => askProtectedEndpoint().then(setProtectedAnswer, (error: unknown) => setProtectedAnswer(errorText(error)))
  // A connection, a new account or a closed modal (a sign-in just ended) may change the answer.
  useEffect(() => {
    if (mode !== 'off' && !open) void check()
  }, [mode, address, status, open])

  const run = (action: () => Promise<void>) => () => action().then(check, (error: unknown) => setSession(errorText(error)))

  return (
    <section className="panel" aria-label="Sign in with the wallet">
      <h2>Sign in with the wallet (SIWX)</h2>
      <fieldset className="row">
        <legend>Sign-in after connecting</legend>
        {SIWX_MODES.map((option) => (
          <label key={option}>
            <input type="radio" name="siwx-mode" value={option} checked={option === mode} onChange={() => location.assign(withMode(option))} />{' '}
            {option === 'off' ? 'Off' : option === 'optional' ? 'Optional' : 'Required'}
          </label>
        ))}
      </fieldset>
      {mode !== 'off' && (
        <>
          <p className="hint">Signed messages are verified by the demo's backend, which then answers its protected endpoint.</p>
          <p>
            Session:{' '}
            <output data-testid="siwx-session" aria-live="polite">
              {session}
            </output>
          </p>
          <div className="row">
            <button type="button" onClick={() => void askProtected()}>
              Ask the protected endpoint
            </button>
            <button type="button" disabled={status !== 'connected'} onClick={run(() => requestSiwxSignIn(kit))}>
              Sign in again
            </button>
            <button type="button" disabled={status !== 'connected'} onClick={run(() => siwxSignOut(kit))}>
              Sign out
            </button>
          </div>
          <output data-testid="siwx-protected" aria-live="polite">
            {protectedAnswer}
          </output>
        </>
      )}
    </section>
  )
}
