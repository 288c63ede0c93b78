// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestKit } from '../test/testKit.ts'
import { ConnectingExternalView } from './ConnectingExternal.tsx'

afterEach(cleanup)

function setup() {
  const kit = createTestKit()
  kit.connectors.add({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' })
  const connect = vi.spyOn(kit, 'connect')
  const data = { connector: 'io.metamask', namespace: 'eip155' }
  return { kit, connect, data }
}

describe('ConnectingExternal view', () => {
  it('asks the wallet once, even under StrictMode, and waits (disconnected → connecting)', () => {
    const { kit, connect, data } = setup()
    connect.mockReturnValue(new Promise(() => undefined))
    render(
      <StrictMode>
        <ConnectingExternalView kit={kit} data={data} />
      </StrictMode>,
    )
    expect(connect).toHaveBeenCalledTimes(1)
    expect(connect).toHaveBeenCalledWith({ connectorId: 'io.metamask', namespace: 'eip155' })
    expect(screen.getByRole('status').textContent).toContain('Continue in MetaMask')
  })

  it('a refusal shows the reason and Try again asks again (a failed connection goes back to disconnected)', async () => {
    const { kit, connect, data } = setup()
    connect.mockRejectedValueOnce(new Error('User rejected the request.')).mockReturnValue(new Promise(() => undefined))
    render(<ConnectingExternalView kit={kit} data={data} />)
    expect((await screen.findByRole('alert')).textContent).toContain('User rejected the request.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(connect).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('status')).toBeTruthy()
  })

  it('says so when the wallet is gone instead of connecting (a failure is a clear error, never a crash)', () => {
    const { kit, connect } = setup()
    render(<ConnectingExternalView kit={kit} data={{ connector: 'gone', namespace: 'eip155' }} />)
    expect(screen.getByRole('alert').textContent).toContain('no longer available')
    expect(connect).not.toHaveBeenCalled()
  })
})
