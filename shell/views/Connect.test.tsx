// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Connector, PorticoEvent } from '../../kernel/index.ts'
import { createTestKit } from '../test/testKit.ts'
import { ConnectView } from './Connect.tsx'

afterEach(cleanup)

const methodOrder = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-method]')].map((section) => section.dataset.method)

const wallet = (patch: Partial<Connector>): Connector => ({ id: 'w', name: 'Wallet', type: 'EXTERNAL', chain: 'eip155', ...patch })

describe('Connect view', () => {
  it('lists email, social, wallet by default (SPEC §2 default connect-method order)', () => {
    const kit = createTestKit()
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    expect(methodOrder(container)).toEqual(kit.connectMethods())
    expect(methodOrder(container)).toEqual(['email', 'social', 'wallet'])
  })

  it('puts wallets first once an injected wallet is shown (SPEC §2 wallet, email, social)', () => {
    const kit = createTestKit()
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    act(() => void kit.connectors.add(wallet({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' })))
    expect(methodOrder(container)).toEqual(['wallet', 'email', 'social'])
  })

  it('follows a configured order (SPEC §2 a configured order overrides both)', () => {
    const kit = createTestKit({ features: { connectMethodsOrder: ['social', 'wallet', 'email'] } })
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    expect(methodOrder(container)).toEqual(['social', 'wallet', 'email'])
  })

  it('renders a wallet name as text and refuses a javascript: icon (DESIGN: inbound data is untrusted)', () => {
    const kit = createTestKit()
    kit.connectors.add(wallet({ id: 'evil', name: '<img src=x onerror=alert(1)>', imageUrl: 'javascript:alert(1)' }))
    kit.connectors.add(wallet({ id: 'good', name: 'Good Wallet', imageUrl: 'https://example.com/good.png' }))
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    const evil = screen.getByRole('button', { name: '<img src=x onerror=alert(1)>' })
    expect(evil.querySelector('img')).toBeNull()
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/good.png')
    expect(container.querySelector('img[src^="x"]')).toBeNull()
  })

  it('opens ConnectingExternal for the picked wallet and tracks SELECT_WALLET (SPEC §2 ConnectingExternal param connector)', () => {
    const kit = createTestKit()
    const events: PorticoEvent[] = []
    kit.subscribeEvents((event) => events.push(event))
    kit.connectors.add(wallet({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' }))
    render(<ConnectView kit={kit} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'MetaMask' }))
    expect(kit.router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: 'io.metamask', namespace: 'eip155' } })
    expect(events).toContainEqual({ type: 'SELECT_WALLET', properties: { name: 'MetaMask', platform: 'browser' } })
  })

  it('offers All wallets only when the feature is on (SPEC §9 allWallets default on)', () => {
    const on = createTestKit()
    render(<ConnectView kit={on} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'All wallets' }))
    expect(on.router.current().view).toBe('AllWallets')
    cleanup()
    render(<ConnectView kit={createTestKit({ features: { allWallets: false } })} data={undefined} />)
    expect(screen.queryByRole('button', { name: 'All wallets' })).toBeNull()
  })

  it('shows one button per configured social provider in order (SPEC §6 socials enabled when configured)', () => {
    const kit = createTestKit({ features: { socials: ['github', 'google'] } })
    render(<ConnectView kit={kit} data={undefined} />)
    const social = screen.getByRole('region', { name: 'Social login' })
    expect(within(social).getAllByRole('button').map((b) => b.textContent)).toEqual(['Continue with GitHub', 'Continue with Google'])
  })

  it('drops the social section when socials are off (SPEC §6 feature flags gate the modules)', () => {
    const kit = createTestKit({ features: { socials: false, email: false } })
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    expect(methodOrder(container)).toEqual(['wallet'])
  })

  it('refuses an invalid email and accepts a valid one (SPEC §5 email must be a valid email address)', () => {
    const kit = createTestKit()
    render(<ConnectView kit={kit} data={undefined} />)
    const input = screen.getByLabelText('Email')
    const submit = screen.getByRole('button', { name: 'Continue with email' })
    fireEvent.change(input, { target: { value: 'not-an-email' } })
    fireEvent.click(submit)
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(input, { target: { value: 'ada@example.com' } })
    fireEvent.click(submit)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(input.hasAttribute('aria-invalid')).toBe(false)
  })
})
