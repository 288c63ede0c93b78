// @vitest-environment jsdom
import '../shell/test/dialogPolyfill.ts'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createPortico, mainnet } from '../entries/portico.ts'
import { mountOnFirstOpen } from './lazyMount.ts'
import { PorticoProvider } from '../shell/provider/PorticoProvider.tsx'
import { createTestKit, quietKernelOptions } from '../shell/test/testKit.ts'

const kits: ReturnType<typeof createTestKit>[] = []
const testKit = (...options: Parameters<typeof createTestKit>) => {
  const kit = createTestKit(...options)
  kits.push(kit)
  return kit
}

afterEach(async () => {
  // A kit left alive keeps its React root, which renders again at idle time (a closed dialog is
  // prepared ahead of the next open): after the file's last test that ran with jsdom gone.
  await act(async () => {
    for (const kit of kits.splice(0)) kit.destroy()
  })
  cleanup()
  document.body.innerHTML = ''
})

const loadRenderer = () => import('../shell/mount.tsx')
const openDialog = () => document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')

describe('vanilla lazy mount', () => {
  it('mounts nothing before the first open; on it the dialog at once, then the view (nothing loads that the first screen does not show)', async () => {
    const kit = testKit()
    mountOnFirstOpen(kit, loadRenderer)
    await Promise.resolve()
    expect(document.querySelector('portico-modal')).toBeNull()
    expect(kit.hasRenderer()).toBe(false)

    kit.open()
    // The host shows the dialog inside kit.open(); the view follows when the renderer is in.
    expect(openDialog()).toBeTruthy()
    // The renderer's first import (react-dom and the views) takes over a second on a loaded machine.
    await waitFor(() => expect(openDialog()?.textContent).toContain('Connect Wallet'), { timeout: 5_000 })
    expect(kit.hasRenderer()).toBe(true)
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)

    act(() => kit.close())
    act(() => kit.open())
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
  })

  it('leaves rendering to a provider that has claimed it, even when a child opens first (one renderer per kit)', async () => {
    const kit = testKit()
    mountOnFirstOpen(kit, loadRenderer)
    function OpensOnMount() {
      // Child effects run before the provider's claim effect.
      useEffectOnce(() => kit.open())
      return null
    }
    render(
      <PorticoProvider kit={kit}>
        <OpensOnMount />
      </PorticoProvider>,
    )
    await waitFor(() => expect(openDialog()).toBeTruthy())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
  })

  it('renders at once into the page-placed <portico-modal> with enableEmbedded (not injected in embedded mode)', async () => {
    const placed = document.createElement('portico-modal')
    const slot = document.createElement('div')
    slot.append(placed)
    document.body.append(slot)
    const kit = testKit({ enableEmbedded: true })
    mountOnFirstOpen(kit, loadRenderer)
    // Embedded, the modal is part of the page: it renders without anyone opening it.
    await waitFor(() => expect(placed.shadowRoot?.querySelector('[data-testid="portico-embedded"]')).toBeTruthy())
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
  })

  it('a destroyed kit unmounts the renderer it mounted (a root left mounted would render for a kit that is gone)', async () => {
    const kit = createTestKit()
    const calls: string[] = []
    mountOnFirstOpen(kit, async () => ({
      mountModal: () => {
        calls.push('mounted')
        return () => calls.push('unmounted')
      },
    }))
    kit.open()
    await waitFor(() => expect(calls).toEqual(['mounted']))
    kit.destroy()
    expect(calls).toEqual(['mounted', 'unmounted'])
  })

  it('is wired into createPortico (the vanilla entry renders lazily on first open)', async () => {
    const kit = createPortico({ projectId: 'test-project', networks: [mainnet], features: { analytics: false } }, quietKernelOptions())
    expect(document.querySelector('portico-modal')).toBeNull()
    kit.open()
    await waitFor(() => expect(openDialog()).toBeTruthy())
    kit.destroy()
  })
})

function useEffectOnce(effect: () => void) {
  useEffect(effect, [])
}
