// @vitest-environment jsdom
import '../test/preloadModal.ts'
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Alerts, type PorticoKit } from '../../kernel/index.ts'
import { PorticoProvider } from '../provider/PorticoProvider.tsx'
import { createTestKit, modalRoot } from '../test/testKit.ts'

afterEach(cleanup)

const shadow = () => within(modalRoot() as unknown as HTMLElement)
const dialog = () => modalRoot().querySelector('dialog')!

function renderWithOpener(kit: PorticoKit) {
  const view = render(
    <PorticoProvider kit={kit}>
      <button type="button" onClick={() => kit.open()}>
        Open
      </button>
    </PorticoProvider>,
  )
  const opener = view.getByRole('button', { name: 'Open' })
  opener.focus()
  return { ...view, opener }
}

describe('modal dialog', () => {
  it('is named by the current view title through aria-labelledby (the dialog has an accessible name)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const title = modalRoot().getElementById(dialog().getAttribute('aria-labelledby')!)
    expect(title?.tagName).toBe('H2')
    expect(title?.textContent).toBe('Connect Wallet')
    act(() => kit.router.push('UnsupportedChain'))
    expect(modalRoot().getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('Unsupported network')
  })

  it('Escape (cancel) is prevented and goes through kit.close (modal open → closed on close)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const cancel = new Event('cancel', { cancelable: true })
    act(() => void dialog().dispatchEvent(cancel))
    expect(cancel.defaultPrevented).toBe(true)
    expect(kit.modal.store.get().open).toBe(false)
    expect(dialog().open).toBe(false)
  })

  it('the Close button closes the modal (modal open → closed)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    fireEvent.click(shadow().getByRole('button', { name: 'Close' }))
    expect(kit.modal.store.get().open).toBe(false)
    expect(modalRoot().querySelector('dialog[open]')).toBeNull()
  })

  it('stays open and shakes on Escape, Close, backdrop or a native close while closing is disabled (SIWX close guard, shake)', () => {
    const kit = createTestKit()
    // What a required sign-in does through its plugin: refuse closing while it lasts.
    kit.services.hooks.addCloseGuard(() => true)
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    expect(kit.modal.isCloseDisabled()).toBe(true)

    act(() => void dialog().dispatchEvent(new Event('cancel', { cancelable: true })))
    expect(dialog().open).toBe(true)
    expect(dialog().hasAttribute('data-shake')).toBe(true)

    fireEvent.click(shadow().getByRole('button', { name: 'Close' }))
    fireEvent.mouseDown(dialog())
    fireEvent.click(dialog())
    expect(kit.modal.store.get().open).toBe(true)
    expect(dialog().open).toBe(true)

    // Chromium closes on a second Escape without user activation even if cancel is prevented.
    act(() => dialog().close())
    expect(dialog().open).toBe(true)
  })

  it('a backdrop click closes; a press that starts inside the frame does not (modal open → closed)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const frame = dialog().firstElementChild!
    fireEvent.mouseDown(frame)
    fireEvent.click(dialog())
    fireEvent.click(frame)
    expect(kit.modal.store.get().open).toBe(true)
    fireEvent.mouseDown(dialog())
    fireEvent.click(dialog())
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('Back shows with more than one history entry and pops it (back navigation pops the history)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    expect(shadow().queryByRole('button', { name: 'Back' })).toBeNull()
    act(() => kit.router.push('Account'))
    fireEvent.click(shadow().getByRole('button', { name: 'Back' }))
    expect(kit.router.current().view).toBe('Connect')
    expect(shadow().queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it('returns focus to the opener on close (focus restore)', () => {
    const kit = createTestKit()
    const { opener } = renderWithOpener(kit)
    fireEvent.click(opener)
    shadow().getByRole('button', { name: 'Close' }).focus()
    act(() => kit.close())
    expect(document.activeElement).toBe(opener)
  })

  it('returns focus to the opener even when the provider was remounted while open, which re-creates the dialog (focus restore)', () => {
    const kit = createTestKit()
    const App = ({ generation }: { generation: number }) => (
      <>
        <button type="button" onClick={() => kit.open()}>
          Open
        </button>
        <PorticoProvider kit={kit} key={generation} />
      </>
    )
    const view = render(<App generation={1} />)
    const opener = view.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    shadow().getByRole('button', { name: 'Close' }).focus()
    // A remounted provider: a new host element and a new dialog while the kit stays open.
    const firstDialog = dialog()
    view.rerender(<App generation={2} />)
    expect(dialog()).not.toBe(firstDialog)
    expect(dialog().open).toBe(true)
    shadow().getByRole('button', { name: 'Close' }).focus()
    act(() => kit.close())
    expect(document.activeElement).toBe(opener)
  })

  it('closed on a view that asks the network for its data, nothing stays inside the closed dialog; closed on Connect, that view stays for the next open', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open({ view: 'Networks' }))
    expect(dialog().childElementCount).toBeGreaterThan(0)
    act(() => kit.close())
    expect(dialog().childElementCount).toBe(0)
    act(() => kit.open())
    const connect = dialog().querySelector('[data-view="Connect"]')
    expect(connect).not.toBeNull()
    act(() => kit.close())
    expect(dialog().open).toBe(false)
    expect(dialog().querySelector('[data-view="Connect"]')).toBe(connect)
  })
})

describe('MODAL_SHOWN (plugins that wait for the modal to be on screen)', () => {
  it('is emitted when the dialog is shown, after MODAL_OPEN, once per open', async () => {
    const kit = createTestKit()
    const seen: string[] = []
    kit.subscribeEvents((event) => seen.push(event.type))
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    expect(seen.filter((type) => type.startsWith('MODAL_'))).toEqual(['MODAL_OPEN', 'MODAL_SHOWN'])
    act(() => kit.close())
    // The Connect view stayed in the closed dialog: this open shows it, and the view's own frame follows.
    act(() => kit.open())
    await vi.waitFor(() => expect(seen.filter((type) => type === 'MODAL_SHOWN')).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen.filter((type) => type.startsWith('MODAL_'))).toEqual(['MODAL_OPEN', 'MODAL_SHOWN', 'MODAL_CLOSE', 'MODAL_OPEN', 'MODAL_SHOWN'])
  })

  it('is emitted at once in embedded mode, where the modal is part of the page', () => {
    const kit = createTestKit({ enableEmbedded: true })
    const seen: string[] = []
    kit.subscribeEvents((event) => seen.push(event.type))
    render(<PorticoProvider kit={kit} />)
    expect(seen).toContain('MODAL_SHOWN')
  })
})

describe('embedded mode', () => {
  it('renders the view inline with no dialog and no Close (close goes to Account or Connect)', () => {
    const kit = createTestKit({ enableEmbedded: true })
    const { container } = render(<PorticoProvider kit={kit} />)
    const host = container.querySelector('portico-modal')
    expect(host).not.toBeNull()
    const root = within(host!.shadowRoot as unknown as HTMLElement)
    expect(host!.shadowRoot!.querySelector('dialog')).toBeNull()
    expect(root.getByRole('region', { name: 'Connect Wallet' })).toBeTruthy()
    expect(root.queryByRole('button', { name: 'Close' })).toBeNull()
  })
})

describe('theme, snack and alert', () => {
  it('applies theme mode (dark by default) and --portico-* variables to the host live', () => {
    const kit = createTestKit({ themeVariables: { '--portico-accent': 'rgb(1, 2, 3)' } })
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const host = document.querySelector<HTMLElement>('portico-modal')!
    expect(host.dataset.theme).toBe('dark')
    expect(host.style.getPropertyValue('--portico-accent')).toBe('rgb(1, 2, 3)')
    act(() => {
      kit.setThemeMode('light')
      kit.setThemeVariables({ '--portico-border-radius': '8px' })
    })
    expect(host.dataset.theme).toBe('light')
    expect(host.style.getPropertyValue('--portico-border-radius')).toBe('8px')
    expect(host.getAttribute('style')).not.toContain('<')
  })

  it('shows snacks in a polite status region with their variant (snack types loading, success, error)', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const snack = shadow().getByTestId('portico-snack')
    expect(snack.getAttribute('role')).toBe('status')
    expect(snack.getAttribute('aria-live')).toBe('polite')
    act(() => kit.snack.showLoading('Authenticating...'))
    expect(snack.textContent).toBe('Authenticating...')
    expect(snack.dataset.variant).toBe('loading')
  })

  it('shows an alert with role="alert" until dismissed', () => {
    const kit = createTestKit()
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    act(() => void kit.alerts.report(Alerts.NETWORK_NOT_FOUND))
    const alert = shadow().getByRole('alert')
    expect(alert.textContent).toContain('Network Not Found')
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(shadow().queryByRole('alert')).toBeNull()
  })
})
