// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { base, mainnet } from '../../kernel/index.ts'
import { createTestKit } from '../test/testKit.ts'
import { UnsupportedChainView } from './UnsupportedChain.tsx'

afterEach(cleanup)

describe('UnsupportedChain view', () => {
  it('lists the configured networks and switching to one closes the modal (switching network)', async () => {
    const kit = createTestKit({ networks: [mainnet, base] })
    act(() => kit.open({ view: 'UnsupportedChain' }))
    render(<UnsupportedChainView kit={kit} data={undefined} />)
    const list = screen.getByRole('list', { name: 'Available networks' })
    expect([...list.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Ethereum', 'Base'])
    fireEvent.click(screen.getByRole('button', { name: 'Base' }))
    await waitFor(() => expect(kit.modal.store.get().open).toBe(false))
    expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:8453')
  })
})
