// @vitest-environment jsdom
// The host with no React at all: what the first screen does on the opening click
// before any renderer code has arrived, and the rules it keeps for the dialog.
import '../shell/test/dialogPolyfill.ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PorticoKit } from '../kernel/index.ts'
import { createTestKit } from '../shell/test/testKit.ts'
import { TITLE_ID, modalHost } from './modalHost.ts'

// What the host asks to run ahead of need (idle time, an opener under the pointer), run here by hand.
const armed = vi.hoisted(() => [] as (() => void)[])
vi.mock('./prefetch.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./prefetch.ts')>()),
  prefetchModalCode(_mode: unknown, fetchCode: () => void) {
    armed.push(fetchCode)
    return () => {
      if (armed.includes(fetchCode)) armed.splice(armed.indexOf(fetchCode), 1)
    }
  },
}))

const disconnects: (() => void)[] = []
afterEach(() => {
  disconnects.splice(0).forEach((disconnect) => disconnect())
  armed.splice(0)
  document.body.innerHTML = ''
})

/** Code that never arrives: whatever the host does here, it does without a renderer. */
const never = () => new Promise<never>(() => undefined)

function connected(kit: PorticoKit, fetchCode: () => Promise<unknown> = never) {
  const host = modalHost(kit)
  disconnects.push(host.connect(fetchCode))
  return host
}

const shadow = () => document.querySelector('portico-modal')?.shadowRoot ?? null
const dialog = () => shadow()?.querySelector('dialog') ?? null

describe('the host shows the dialog on the opening click', () => {
  it('creates nothing before the first open', () => {
    connected(createTestKit())
    expect(document.querySelector('portico-modal')).toBeNull()
  })

  it('shows the dialog inside kit.open() itself, named by the view title, and requests the code there', () => {
    const kit = createTestKit()
    const fetchCode = vi.fn(never)
    const host = connected(kit, fetchCode)
    const seenInOpen: boolean[] = []
    // The first listener of the bus's MODAL_OPEN runs inside kit.open(), right after the store.
    kit.bus.on('MODAL_OPEN').subscribe(() => seenInOpen.push(Boolean(dialog()?.open)))
    kit.open()
    expect(seenInOpen).toEqual([true])
    expect(fetchCode).toHaveBeenCalledTimes(1)
    expect(dialog()?.getAttribute('aria-labelledby')).toBe(TITLE_ID)
    expect(dialog()?.parentNode).toBe(shadow())
    expect(host.target()).toBe(dialog())
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
  })

  it('ahead of need (idle time, an opener under the pointer) it places the closed dialog as the target, which the first open then shows', () => {
    const kit = createTestKit()
    const host = connected(kit)
    host.prefetch()
    const prepared = dialog()
    expect(prepared?.open).toBe(false)
    expect(host.target()).toBe(prepared)
    kit.open()
    expect(dialog()).toBe(prepared)
    expect(prepared?.open).toBe(true)
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
    // Closed on Connect: it stays the target, closed, for the next open.
    kit.close()
    expect(host.target()).toBe(prepared)
    expect(prepared?.open).toBe(false)
  })

  it('a view rendered into the closed dialog: the click shows the dialog alone at the held height, the view a painted frame later, then MODAL_SHOWN', () => {
    vi.useFakeTimers()
    try {
      const kit = createTestKit()
      const host = connected(kit)
      const events: string[] = []
      kit.bus.events$.subscribe((event) => events.push(event.type))
      host.prefetch()
      host.rendered()
      const notified = vi.fn()
      host.subscribe(notified)
      expect(events).not.toContain('MODAL_SHOWN')
      kit.open()
      const opened = dialog()!
      expect(opened.open).toBe(true)
      expect(opened.hasAttribute('data-revealing')).toBe(true)
      expect(opened.hasAttribute('data-rendered')).toBe(false)
      expect(events).not.toContain('MODAL_SHOWN')
      vi.advanceTimersByTime(50)
      expect(opened.hasAttribute('data-revealing')).toBe(false)
      expect(opened.hasAttribute('data-rendered')).toBe(true)
      // The renderer hears of it, to move focus onto the view's first control.
      expect(notified).toHaveBeenCalled()
      // What MODAL_SHOWN starts waits for the view's own frame.
      vi.advanceTimersByTime(50)
      expect(events.filter((type) => type === 'MODAL_SHOWN')).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('closed on Connect, the closed dialog stays the target with the frame in it (nothing to render again), and the next open only shows it', () => {
    const kit = createTestKit()
    const host = connected(kit)
    // Idle time after load: the closed dialog is prepared, the first open shows it.
    armed.splice(0).forEach((run) => run())
    host.rendered()
    kit.open()
    expect(kit.router.current().view).toBe('Connect')
    const opened = dialog()!
    const changes = vi.fn()
    host.subscribe(changes)
    kit.close()
    expect(opened.open).toBe(false)
    expect(host.target()).toBe(opened)
    // No renderer is told of a new target, and nothing is armed to render it again.
    expect(changes).not.toHaveBeenCalled()
    expect(armed).toHaveLength(0)
    kit.open()
    expect(opened.open).toBe(true)
    expect(opened.hasAttribute('data-revealing')).toBe(true)
  })

  it('closed on another view, nothing renders ahead of the next open: that view asks for its data when it shows', () => {
    const kit = createTestKit()
    const host = connected(kit)
    kit.open()
    kit.router.push('Networks')
    armed.splice(0)
    kit.close()
    expect(armed).toHaveLength(0)
    expect(host.target()).toBeNull()
  })

  it("openers act on the click, never on the press (WCAG 2.5.2): with the renderer's code there, a press dragged off opens nothing", async () => {
    const kit = createTestKit()
    connected(kit, () => Promise.resolve({}))
    const opener = document.body.appendChild(document.createElement('button'))
    opener.setAttribute('data-portico-opener', '')
    opener.addEventListener('click', () => kit.open())
    // Idle time: the renderer's code comes (what a press may still prepare).
    armed.splice(0).forEach((run) => run())
    await Promise.resolve()
    // A press as the browser makes it, then released elsewhere: no click, nothing opens.
    opener.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', button: 0, bubbles: true, cancelable: true }))
    opener.focus()
    document.body.dispatchEvent(new PointerEvent('pointerup', { pointerType: 'mouse', button: 0, bubbles: true }))
    expect(kit.modal.store.get().open).toBe(false)
    opener.click()
    expect(kit.modal.store.get().open).toBe(true)
    kit.close()
  })

  it('reuses the element and the dialog on the next open', () => {
    const kit = createTestKit()
    connected(kit)
    kit.open()
    const first = dialog()
    kit.close()
    expect(first?.open).toBe(false)
    kit.open()
    expect(dialog()).toBe(first)
    expect(first?.open).toBe(true)
  })

  it('applies the theme to the element from the start and follows it', () => {
    const kit = createTestKit({ themeMode: 'light', themeVariables: { '--portico-accent': 'rgb(1, 2, 3)' } })
    connected(kit)
    kit.open()
    const element = document.querySelector<HTMLElement>('portico-modal')!
    expect(element.dataset.theme).toBe('light')
    expect(element.style.getPropertyValue('--portico-accent')).toBe('rgb(1, 2, 3)')
    kit.setThemeMode('dark')
    expect(element.dataset.theme).toBe('dark')
  })
})

describe('dismissal goes through kit.close()', () => {
  it('Escape (cancel) is prevented and closes the kit', () => {
    const kit = createTestKit()
    connected(kit)
    kit.open()
    const cancel = new Event('cancel', { cancelable: true })
    dialog()!.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
    expect(kit.modal.store.get().open).toBe(false)
    expect(dialog()?.open).toBe(false)
  })

  it('a backdrop click closes only when press and release are both on the backdrop', () => {
    const kit = createTestKit()
    const host = connected(kit)
    kit.open()
    const frame = host.target()!.appendChild(document.createElement('div'))
    const mouse = (target: EventTarget, type: string) => target.dispatchEvent(new MouseEvent(type, { bubbles: true }))
    // Pressed in the frame, released on the backdrop (a text selection dragged out): stays.
    mouse(frame, 'mousedown')
    mouse(dialog()!, 'click')
    // A click in the frame: stays.
    mouse(frame, 'mousedown')
    mouse(frame, 'click')
    expect(kit.modal.store.get().open).toBe(true)
    mouse(dialog()!, 'mousedown')
    mouse(dialog()!, 'click')
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('while closing is refused, Escape, the backdrop and a native close leave it open and shaking', () => {
    const kit = createTestKit()
    kit.services.hooks.addCloseGuard(() => true)
    connected(kit)
    kit.open()
    dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }))
    expect(dialog()?.open).toBe(true)
    expect(dialog()?.hasAttribute('data-shake')).toBe(true)
    dialog()!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    dialog()!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    // Chromium closes on a second Escape even when cancel is prevented.
    dialog()!.close()
    expect(kit.modal.store.get().open).toBe(true)
    expect(dialog()?.open).toBe(true)
  })

  it('closes the dialog when the kit closes, and returns focus to the opener', () => {
    const kit = createTestKit()
    connected(kit)
    const opener = document.body.appendChild(document.createElement('button'))
    opener.focus()
    kit.open()
    const inside = dialog()!.appendChild(document.createElement('button'))
    inside.focus()
    kit.close()
    expect(dialog()?.open).toBe(false)
    expect(document.activeElement).toBe(opener)
  })
})

describe('the frame arriving later', () => {
  it('MODAL_SHOWN follows MODAL_OPEN once the renderer reports the frame, once per open', () => {
    const kit = createTestKit()
    const host = connected(kit)
    const seen: string[] = []
    kit.subscribeEvents((event) => seen.push(event.type))
    kit.open()
    expect(seen).toEqual(['MODAL_OPEN'])
    host.rendered()
    host.rendered()
    expect(seen).toEqual(['MODAL_OPEN', 'MODAL_SHOWN'])
    kit.close()
    kit.open()
    host.rendered()
    expect(seen.filter((type) => type === 'MODAL_SHOWN')).toHaveLength(2)
  })

  it('holds the height the dialog had when it last closed until the frame renders, so it does not jump', () => {
    const kit = createTestKit()
    const host = connected(kit)
    kit.open()
    const opened = dialog()!
    // The stylesheet's first-open height applies: nothing set inline yet.
    expect(opened.style.getPropertyValue('--portico-frame-height')).toBe('')
    expect(opened.hasAttribute('data-rendered')).toBe(false)
    host.rendered()
    expect(opened.hasAttribute('data-rendered')).toBe(true)
    opened.getBoundingClientRect = () => ({ height: 512 }) as DOMRect
    kit.close()
    kit.open()
    expect(opened.style.getPropertyValue('--portico-frame-height')).toBe('512px')
    expect(opened.hasAttribute('data-rendered')).toBe(false)
  })

  it('a renderer whose code fails on open: logged, and the modal closes so the next open retries', async () => {
    const kit = createTestKit()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    connected(kit, () => Promise.reject(new Error('chunk missing')))
    kit.open()
    await vi.waitFor(() => expect(kit.modal.store.get().open).toBe(false))
    expect(error).toHaveBeenCalledWith('[Portico] the modal failed to load', expect.any(Error))
    error.mockRestore()
  })

  it('the last renderer disconnecting takes the appended element away; a renderer connecting while open shows it again', () => {
    const kit = createTestKit()
    const host = modalHost(kit)
    const disconnect = host.connect(never)
    kit.open()
    expect(document.querySelector('portico-modal')).not.toBeNull()
    disconnect()
    expect(document.querySelector('portico-modal')).toBeNull()
    expect(kit.modal.store.get().open).toBe(true)
    connected(kit)
    expect(dialog()?.open).toBe(true)
  })
})

describe('embedded mode and app-placed hosts', () => {
  it('embedded: a section in the page-placed <portico-modal>, no dialog, shown from the start and never closed', () => {
    const placed = document.body.appendChild(document.createElement('portico-modal'))
    const kit = createTestKit({ enableEmbedded: true })
    const fetchCode = vi.fn(never)
    const seen: string[] = []
    kit.subscribeEvents((event) => seen.push(event.type))
    const host = connected(kit, fetchCode)
    // Part of the page: its code is needed now, not on a click.
    expect(fetchCode).toHaveBeenCalledTimes(1)
    const section = placed.shadowRoot?.querySelector('section[data-testid="portico-embedded"]')
    expect(section?.getAttribute('aria-labelledby')).toBe(TITLE_ID)
    expect(host.target()).toBe(section)
    expect(placed.shadowRoot?.querySelector('dialog')).toBeNull()
    host.rendered()
    expect(seen).toContain('MODAL_SHOWN')
    kit.open()
    kit.close()
    expect(host.target()).toBe(section)
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
  })

  it('disableAppend: the dialog goes into the <portico-modal> the app placed, and that element stays when the host lets go', () => {
    const slot = document.body.appendChild(document.createElement('div'))
    const placed = slot.appendChild(document.createElement('portico-modal'))
    const kit = createTestKit({ disableAppend: true })
    const host = modalHost(kit)
    const disconnect = host.connect(never)
    kit.open()
    expect(placed.shadowRoot?.querySelector('dialog')?.open).toBe(true)
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1)
    disconnect()
    expect(placed.isConnected).toBe(true)
    expect(placed.shadowRoot?.querySelector('dialog')).toBeNull()
  })
})
