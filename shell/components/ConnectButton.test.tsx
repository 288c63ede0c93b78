// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { OPENER_SELECTOR } from '../../host/prefetch.ts'
import { ConnectButton } from './ConnectButton.tsx'

afterEach(cleanup)

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

describe('ConnectButton', () => {
  it('reads "Connect Wallet" while disconnected and opens the modal on click (opening the modal)', async () => {
    const kit = createTestKit()
    render(<ConnectButton />, { wrapper: withKit(kit) })
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(kit.modal.store.get().open).toBe(true)
    // Like every kit state an app shows, aria-expanded follows after the paint that shows the dialog.
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'))
  })

  it('is an opener: the pointer reaching it is when the modal code prefetches', () => {
    render(<ConnectButton />, { wrapper: withKit(createTestKit()) })
    expect(screen.getByRole('button', { name: 'Connect Wallet' }).matches(OPENER_SELECTOR)).toBe(true)
  })

  it('shows the address as 4 + 6 characters and the balance truncated to 3 decimals', () => {
    const kit = createTestKit()
    render(<ConnectButton />, { wrapper: withKit(kit) })
    act(() => connectAccount(kit, ADDRESS, { balance: '1.23999', balanceSymbol: 'ETH' }))
    const button = screen.getByRole('button')
    expect(button.querySelector('[data-part="address"]')?.textContent).toBe('0x12…345678')
    expect(button.querySelector('[data-part="balance"]')?.textContent).toBe('1.239 ETH')
    expect(button.textContent).not.toContain('Connect Wallet')
  })

  it('hides the balance when asked and passes attributes through (integrator options)', () => {
    const kit = createTestKit()
    render(<ConnectButton balance="hide" data-testid="open-modal" label="Sign in" />, { wrapper: withKit(kit) })
    expect(screen.getByTestId('open-modal').textContent).toBe('Sign in')
    act(() => connectAccount(kit, ADDRESS, { balance: '2', balanceSymbol: 'ETH' }))
    expect(screen.getByTestId('open-modal').textContent).toBe('0x12…345678')
  })
})
