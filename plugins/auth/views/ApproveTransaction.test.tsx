// @vitest-environment jsdom
import '../../../shell/test/preloadModal.ts'
import '../../../shell/test/dialogPolyfill.ts'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel, createMemoryBackend, mainnet, resolve } from '../../../kernel/index.ts'
import { PorticoProvider } from '../../../shell/provider/PorticoProvider.tsx'
import { authPlugin } from '../index.ts'
import { IAuthService } from '../index.ts'
import { EVM_ADDRESS, FRAME_URL, createAuthKit } from '../test/authKit.ts'

afterEach(cleanup)

const shadow = () => document.querySelector('portico-modal')!.shadowRoot!

describe('ApproveTransaction', () => {
  it('shows the frame over its box while the request waits, and hides it when the request is answered', async () => {
    const { kit, frame } = createAuthKit()
    render(<PorticoProvider kit={kit} />)
    await kit.restored
    await kit.plugins.load('auth')
    const auth = resolve(await kit.container(), IAuthService)
    await act(() => auth.connect())
    let signature!: Promise<unknown>
    act(() => {
      signature = kit.request({ method: 'personal_sign', params: ['0x68656c6c6f', EVM_ADDRESS] })
    })
    await waitFor(() => expect(shadow().querySelector('[data-testid="portico-approve-frame"]')).not.toBeNull())
    const box = shadow().querySelector('[data-testid="portico-approve-frame"]')
    await waitFor(() => expect(frame.shownOver).toBe(box))
    await act(async () => {
      frame.held('RPC_REQUEST').resolve({ result: `0x${'5a'.repeat(65)}` })
      await signature
    })
    expect(frame.shownOver).toBeUndefined()
  })
})

describe('the real frame client before first use', () => {
  it('a kit with the auth plugin loaded and the modal open adds no iframe and makes no request', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no requests')))
    const kit = createKernel(
      { projectId: 'p', networks: [mainnet], endpoints: { frame: FRAME_URL }, plugins: [authPlugin()], features: { analytics: false } },
      {
        storage: createMemoryBackend(),
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger: { warn: () => undefined, error: () => undefined },
        fetch,
      },
    )
    render(<PorticoProvider kit={kit} />)
    await kit.restored
    await kit.plugins.load('auth')
    act(() => kit.open())
    expect(document.getElementById('w3m-iframe')).toBeNull()
    expect(document.querySelector(`iframe[src^="${FRAME_URL}"]`)).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
    // and the first use does add it, on the frame's origin
    const auth = resolve(await kit.container(), IAuthService)
    void auth.preload().catch(() => undefined)
    await waitFor(() => expect(document.getElementById('w3m-iframe')?.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:8700\/frame\?projectId=p&chainId=1&version=4/))
    kit.destroy()
  })
})
