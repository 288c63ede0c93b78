// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { base, mainnet, solana } from '../../kernel/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { connectAccount, createTestKit } from '../../shell/test/testKit.ts'
import { receivePlugin } from './index.ts'

afterEach(cleanup)

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'
const shadow = () => document.querySelector('portico-modal')!.shadowRoot!

function openReceive(options: Parameters<typeof createTestKit>[0] = {}) {
  const kit = createTestKit({ networks: [mainnet, base, solana], ...options }, [receivePlugin()])
  render(<PorticoProvider kit={kit} />)
  return kit
}

describe('receive plugin (issue: one real plugin through the whole mechanism)', () => {
  it('is not loaded until its view is first opened, then loads once', async () => {
    const kit = openReceive()
    connectAccount(kit, ADDRESS)
    act(() => kit.open())
    expect(kit.plugins.status.get()['receive']).toEqual({ state: 'idle' })
    act(() => kit.router.push('Receive'))
    await waitFor(() => expect(shadow().querySelector('[data-testid="receive-address"]')).not.toBeNull())
    expect(kit.plugins.status.get()['receive']?.state).toBe('active')
  })

  it("shows the visitor's address as text and as a QR code, and the networks it is valid on", async () => {
    const kit = openReceive()
    connectAccount(kit, ADDRESS)
    act(() => kit.open({ view: 'Receive' }))
    await waitFor(() => expect(shadow().querySelector('[data-testid="receive-address"]')?.textContent).toBe(ADDRESS))
    expect(shadow().querySelector('svg[role="img"]')?.getAttribute('aria-label')).toBe('QR code for 0x12…345678')
    const networks = [...shadow().querySelectorAll('ul[aria-label="Networks this address is valid on"] li')].map((item) => item.textContent)
    // An EVM address is valid on every configured EVM network, and not on Solana.
    expect(networks).toEqual(['Ethereum', 'Base'])
  })

  it('copies the address and confirms with a snack', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const kit = openReceive()
    connectAccount(kit, ADDRESS)
    act(() => kit.open({ view: 'Receive' }))
    const copy = await waitFor(() => {
      const button = [...shadow().querySelectorAll('button')].find((b) => b.textContent === 'Copy address')
      if (!button) throw new Error('no copy button yet')
      return button
    })
    fireEvent.click(copy)
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: 'Address copied', variant: 'success' }))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
  })

  it('asks a disconnected visitor to connect first', async () => {
    const kit = openReceive()
    act(() => kit.open({ view: 'Receive' }))
    await waitFor(() => expect(shadow().textContent).toContain('Connect a wallet to see the address to receive on.'))
  })

  it('with features.receive off the plugin is never loaded, even when its view is asked for', async () => {
    const kit = openReceive({ features: { receive: false } })
    expect(kit.plugins.manifests.map((m) => m.id)).not.toContain('receive')
    await expect(kit.views.resolve('Receive')).rejects.toThrow('View "Receive" is not available')
  })
})
