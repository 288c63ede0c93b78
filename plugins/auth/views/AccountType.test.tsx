// @vitest-environment jsdom
import '../../../shell/test/preloadModal.ts'
import '../../../shell/test/dialogPolyfill.ts'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resolve } from '../../../kernel/index.ts'
import { PorticoProvider } from '../../../shell/provider/PorticoProvider.tsx'
import { IAuthService } from '../index.ts'
import { EVM_ADDRESS, SMART_ADDRESS, createAuthKit, smartFrame } from '../test/authKit.ts'
import type { FakeFrame } from '../test/fakeFrame.ts'

afterEach(cleanup)

const shadow = () => document.querySelector('portico-modal')!.shadowRoot!
const buttonNamed = (name: string) => [...shadow().querySelectorAll('button')].find((button) => button.textContent?.trim() === name)

/** Connected through the AUTH connector and the modal open on Account; without a frame, one with no smart accounts. */
async function connectedWith(frame?: FakeFrame) {
  const setup = createAuthKit(frame ? { frame } : {})
  render(<PorticoProvider kit={setup.kit} />)
  await setup.kit.restored
  await setup.kit.plugins.load('auth')
  const auth = resolve(await setup.kit.container(), IAuthService)
  await act(() => auth.connect())
  act(() => setup.kit.open())
  return setup
}

describe('the Account view’s account type switch', () => {
  it('lists the smart account (in use) and the eoa; "Use this account" switches to the other address and back', async () => {
    const { kit, frame } = await connectedWith(smartFrame())
    await waitFor(() => expect(buttonNamed('Account type')).toBeDefined())
    act(() => buttonNamed('Account type')!.click())
    await waitFor(() => expect(shadow().querySelector('[data-testid="portico-account-type"]')).not.toBeNull())
    const entries = () =>
      [...shadow().querySelectorAll('[data-account-type]')].map((entry) => [
        entry.getAttribute('data-account-type'),
        entry.querySelector('[data-testid="portico-account-type-address"]')!.getAttribute('title'),
        entry.querySelector('button')?.textContent ?? entry.textContent!.includes('In use'),
      ])
    expect(entries()).toEqual([
      ['eoa', EVM_ADDRESS, 'Use this account'],
      ['smartAccount', SMART_ADDRESS, true],
    ])
    act(() => buttonNamed('Use this account')!.click())
    await waitFor(() => expect(kit.chains.record('eip155')!.accountState.address).toBe(EVM_ADDRESS))
    expect(frame.held('SET_PREFERRED_ACCOUNT').payload).toEqual({ type: 'eoa' })
    await waitFor(() =>
      expect(entries()).toEqual([
        ['eoa', EVM_ADDRESS, true],
        ['smartAccount', SMART_ADDRESS, 'Use this account'],
      ]),
    )
    act(() => buttonNamed('Use this account')!.click())
    await waitFor(() => expect(kit.chains.record('eip155')!.accountState.address).toBe(SMART_ADDRESS))
  })

  it('is not offered where the account has no smart account', async () => {
    const { kit } = await connectedWith()
    await waitFor(() => expect(kit.router.current().view).toBe('Account'))
    await waitFor(() => expect(shadow().querySelector('[data-testid="portico-account"]')).not.toBeNull())
    expect(buttonNamed('Account type')).toBeUndefined()
  })
})
