// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '../../kernel/index.ts'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { AccountView } from './Account.tsx'
import { ConnectView } from './Connect.tsx'

afterEach(cleanup)

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

const loginOnlyFeature = definePlugin({
  id: 'login-only',
  contributes: {
    views: ['LoginOnly'],
    walletFeatures: [{ id: 'login-only', label: 'For logins', view: 'LoginOnly', rank: 10, whenAccount: (account) => Boolean(account.user?.email) }],
  },
  load: async () => ({ activate: () => undefined }),
})

describe('wallet features for one kind of account', () => {
  it('a feature with whenAccount shows only while it holds for the active account', () => {
    const kit = createTestKit({}, [loginOnlyFeature])
    act(() => connectAccount(kit, ADDRESS))
    render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
    expect(screen.queryByRole('button', { name: 'For logins' })).toBeNull()
    act(() => kit.chains.updateAccount('eip155', { user: { email: 'ada@example.com' } }))
    expect(screen.getByRole('button', { name: 'For logins' })).toBeTruthy()
  })
})

describe('the wallet list', () => {
  it("leaves out an embedded wallet's connector (it connects through its own login section)", () => {
    const kit = createTestKit()
    kit.connectors.add({ id: 'browser', name: 'Browser Wallet', type: 'ANNOUNCED', chain: 'eip155' })
    kit.connectors.add({ id: 'embedded', name: 'Embedded Login', type: 'AUTH', chain: 'eip155', capabilities: { sharedSession: true, listed: false } })
    render(<ConnectView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
    expect(screen.getByRole('button', { name: /Browser Wallet/ })).toBeTruthy()
    expect(screen.queryByText('Embedded Login')).toBeNull()
  })
})
