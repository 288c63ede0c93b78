// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { encode } from 'uqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { CopyButton } from './CopyButton.tsx'
import { IconButton } from './IconButton.tsx'
import { QrCode } from './QrCode.tsx'
import { WalletImage } from './WalletImage.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('QrCode', () => {
  it('draws exactly the dark modules of the encoded value as SVG rects, with an accessible name (uqr for QR codes)', () => {
    const value = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn'
    const { container } = render(<QrCode value={value} label="Pairing QR code" />)
    const svg = screen.getByRole('img', { name: 'Pairing QR code' })
    const { data } = encode(value, { ecc: 'M', border: 0 })
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${data.length} ${data.length}`)
    const drawn = data.map((row) => row.map(() => false))
    for (const rect of container.querySelectorAll('rect')) {
      const [x, y, width] = ['x', 'y', 'width'].map((a) => Number(rect.getAttribute(a)))
      for (let i = 0; i < width!; i += 1) drawn[y!]![x! + i] = true
    }
    expect(drawn).toEqual(data)
  })

  it('treats markup in the value as data, never as DOM (inbound data is untrusted)', () => {
    const { container } = render(<QrCode value={'"><script>alert(1)</script>'} label="QR" />)
    expect(container.querySelector('script')).toBeNull()
    expect(container.innerHTML).not.toContain('alert')
  })
})

describe('WalletImage', () => {
  it('renders an <img> only for a safe source (inbound data is untrusted)', () => {
    const { container, rerender } = render(<WalletImage src="https://example.com/w.png" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/w.png')
    rerender(<WalletImage src="javascript:alert(1)" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })
})

describe('IconButton', () => {
  it('is named by its aria-label (every control is reachable and named)', () => {
    render(
      <IconButton aria-label="Close">
        <svg />
      </IconButton>,
    )
    expect(screen.getByRole('button', { name: 'Close' }).getAttribute('type')).toBe('button')
  })
})

describe('CopyButton', () => {
  it('writes the text to the clipboard and confirms with a success snack (snack types)', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const kit = createTestKit()
    render(<CopyButton kit={kit} text="0xabc" label="Copy address" successMessage="Address copied" />, { wrapper: withKit(kit) })
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }))
    expect(writeText).toHaveBeenCalledWith('0xabc')
    await waitFor(() => expect(kit.snack.store.get()).toEqual({ open: true, message: 'Address copied', variant: 'success' }))
  })

  it('shows an error snack when the clipboard is unavailable (snack types)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    const kit = createTestKit()
    render(<CopyButton kit={kit} text="0xabc" />, { wrapper: withKit(kit) })
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, variant: 'error' }))
  })
})
