// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryBackend, createPortico, mainnet, resolve } from '../../entries/portico.ts'
import { PorticoProvider } from '../../entries/react.ts'
import { IGreeter, greeterPlugin } from '../fixtures/greeter/index.ts'

afterEach(() => {
  cleanup()
  // createPortico mounts a modal of its own on the first open when no provider renders it.
  document.querySelectorAll('portico-modal').forEach((host) => host.remove())
})

// Third parties add plugins with the same contract as Portico's own: a plugin written
// only against the public entries, passed through createPortico({ plugins }).
const makeKit = () =>
  createPortico(
    { projectId: 'p', networks: [mainnet], features: { analytics: false }, plugins: [greeterPlugin] },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )

const shadow = () => document.querySelector('portico-modal')!.shadowRoot!

describe('a third-party plugin', () => {
  it('stays unloaded until one of its contributions is used', async () => {
    const kit = makeKit()
    kit.open()
    await Promise.resolve()
    expect(kit.plugins.status.get()['acme-greeter']).toEqual({ state: 'idle' })
  })

  it('its RPC method loads the body and answers; its service is in the kit container by token', async () => {
    const kit = makeKit()
    await expect(kit.request({ method: 'acme_greet', params: ['Ada'] })).resolves.toBe('Hello, Ada')
    expect(resolve(await kit.container(), IGreeter).greet('Grace')).toBe('Hello, Grace')
    await expect(kit.request({ method: 'acme_greet', params: [42] })).rejects.toThrow()
  })

  it('its view renders in the modal with its per-view data and title', async () => {
    const kit = makeKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open({ view: 'Greeter', data: { name: 'Ada' } }))
    await waitFor(() => expect(shadow().querySelector('[data-testid="greeting"]')?.textContent).toBe('Hello, Ada'))
    expect(shadow().querySelector('h2')?.textContent).toBe('Greeter')
  })
})
