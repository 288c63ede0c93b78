// @vitest-environment jsdom
import '../test/preloadModal.ts'
import '../test/dialogPolyfill.ts'
import { act, cleanup, render, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePortico } from '../hooks/usePortico.ts'
import { usePorticoAccount } from '../hooks/usePorticoAccount.ts'
import { createTestKit, modalRoot } from '../test/testKit.ts'
import { LazyModalHost } from './LazyModalHost.tsx'
import { PorticoProvider } from './PorticoProvider.tsx'

afterEach(cleanup)

describe('PorticoProvider', () => {
  it('a hook outside the provider names the missing parent (STYLE misuse errors)', () => {
    expect(() => renderHook(() => usePortico())).toThrow('usePortico must be used inside <PorticoProvider>')
    expect(() => renderHook(() => usePorticoAccount())).toThrow('usePorticoAccount must be used inside <PorticoProvider>')
  })

  it('claims the renderer while mounted and releases it on unmount (one renderer per kit)', () => {
    const kit = createTestKit()
    const { unmount } = render(<PorticoProvider kit={kit} />)
    expect(kit.hasRenderer()).toBe(true)
    unmount()
    expect(kit.hasRenderer()).toBe(false)
  })

  it('appends <portico-modal> with an open shadow root to body and removes it on unmount (modal injected into body)', () => {
    const kit = createTestKit()
    const { container, unmount } = render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const host = document.querySelector('portico-modal')
    expect(host?.parentElement).toBe(document.body)
    expect(container.contains(host)).toBe(false)
    expect(modalRoot().querySelector('dialog')).not.toBeNull()
    unmount()
    expect(document.querySelector('portico-modal')).toBeNull()
  })

  it('renders the host in place with disableAppend (unless appending is disabled)', () => {
    const kit = createTestKit({ disableAppend: true })
    const { container } = render(
      <div data-testid="slot">
        <PorticoProvider kit={kit} />
      </div>,
    )
    act(() => kit.open())
    expect(container.querySelector('[data-testid="slot"] > portico-modal')).not.toBeNull()
    expect(document.body.querySelectorAll(':scope > portico-modal')).toHaveLength(0)
  })

  it('registers the core views once per kit, even with two providers (Connect, Account, UnsupportedChain)', () => {
    const kit = createTestKit()
    render(
      <>
        <PorticoProvider kit={kit} />
        <PorticoProvider kit={kit} />
      </>,
    )
    act(() => kit.open())
    expect(kit.views.get('Connect')?.title).toBe('Connect Wallet')
    expect(kit.views.get('Account')?.title).toBe('Account')
    expect(kit.views.get('UnsupportedChain')?.title).toBe('Unsupported network')
  })

  it('mounts no modal host and registers no view before the first open (nothing loads before it is needed)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    expect(document.querySelector('portico-modal')).toBeNull()
    expect(kit.views.get('Connect')).toBeUndefined()
  })

  it('3 opens and closes leave no state update queued on the provider (React keeps one per open otherwise: a leak over a long visit)', async () => {
    const kit = createTestKit({ disableAppend: true })
    render(<PorticoProvider kit={kit} />)
    for (let i = 0; i < 3; i++) {
      await act(async () => kit.open())
      await act(async () => kit.close())
    }
    // React's own record: a same-value setState on a component that does not render again
    // stays in its hook's queue (found in the demo's heap: one per open, never freed).
    const host = document.querySelector('portico-modal')!
    const fiberKey = Object.keys(host).find((key) => key.startsWith('__reactFiber$'))!
    type Fiber = { type: unknown; return: Fiber | null; memoizedState: { queue: { pending: unknown } | null; next: Fiber['memoizedState'] } | null }
    let fiber = (host as unknown as Record<string, Fiber>)[fiberKey]!
    while (fiber.type !== LazyModalHost) fiber = fiber.return!
    const queued: unknown[] = []
    for (let hook = fiber.memoizedState; hook; hook = hook.next) queued.push(hook.queue?.pending ?? null)
    expect(queued).toEqual(queued.map(() => null))
  })

  it('shows the dialog when the kit opens, as the bench finds it (modal closed → open)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    expect(document.querySelector('portico-modal')).toBeNull()
    act(() => kit.open())
    expect(document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')).not.toBeNull()
  })
})
