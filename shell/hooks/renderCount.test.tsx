// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { base, mainnet } from '../../kernel/index.ts'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { usePorticoAccount } from './usePorticoAccount.ts'

afterEach(cleanup)

/** Counts its own renders; only the hook under test can make it render again. */
function AccountProbe({ renders }: { renders: { count: number } }) {
  renders.count += 1
  const { address } = usePorticoAccount()
  return <span data-testid="address">{address ?? 'none'}</span>
}

describe('usePorticoAccount render count', () => {
  it('does not re-render when unrelated stores or unrelated chain fields change (shell subscribes through useSyncExternalStore)', () => {
    const kit = createTestKit({ networks: [mainnet, base] })
    const renders = { count: 0 }
    const Wrapper = withKit(kit)
    const { getByTestId } = render(
      <Wrapper>
        <AccountProbe renders={renders} />
      </Wrapper>,
    )
    const initial = renders.count

    act(() => {
      kit.snack.showSuccess('Copied')
      kit.snack.hide()
      kit.setThemeMode('light')
      kit.setThemeVariables({ '--portico-accent': '#00ff00' })
      kit.modal.setLoading(true)
      // Same chain store, fields the hook does not return.
      kit.chains.updateAccount('eip155', { profileName: 'alice.eth', currentTab: 2 })
      kit.chains.updateNetwork('eip155', { approvedCaipNetworkIds: ['eip155:1'] })
    })
    expect(renders.count).toBe(initial)

    act(() => connectAccount(kit, '0xabc0000000000000000000000000000000000def'))
    expect(renders.count).toBe(initial + 1)
    expect(getByTestId('address').textContent).toBe('0xabc0000000000000000000000000000000000def')
  })
})
