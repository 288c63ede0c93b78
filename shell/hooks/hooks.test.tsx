// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Alerts, type PorticoEvent, base, defineNetwork, mainnet } from '../../kernel/index.ts'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { useDisconnect } from './useDisconnect.ts'
import { usePortico } from './usePortico.ts'
import { usePorticoAccount } from './usePorticoAccount.ts'
import { usePorticoEvents } from './usePorticoEvents.ts'
import { usePorticoNetwork } from './usePorticoNetwork.ts'
import { usePorticoState } from './usePorticoState.ts'
import { usePorticoTheme } from './usePorticoTheme.ts'

afterEach(cleanup)

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

describe('usePortico / usePorticoState', () => {
  it('open and close drive the modal store and the state hook follows (modal closed ↔ open)', () => {
    const kit = createTestKit()
    const { result } = renderHook(() => ({ actions: usePortico(), state: usePorticoState() }), { wrapper: withKit(kit) })
    expect(result.current.state).toEqual({ open: false, selectedNetworkId: 'eip155:1', loading: false })
    act(() => result.current.actions.open())
    expect(result.current.state.open).toBe(true)
    act(() => kit.modal.setLoading(true))
    expect(result.current.state.loading).toBe(true)
    act(() => result.current.actions.close())
    // On close, loading is cleared.
    expect(result.current.state).toMatchObject({ open: false, loading: false })
  })

  it('open({ view }) shows the requested view (an explicitly requested view is shown)', () => {
    const kit = createTestKit()
    const { result } = renderHook(() => usePortico(), { wrapper: withKit(kit) })
    act(() => result.current.open({ view: 'UnsupportedChain' }))
    expect(kit.router.current().view).toBe('UnsupportedChain')
  })
})

describe('usePorticoAccount', () => {
  it('follows the active account from disconnected to connected (connection status)', () => {
    const kit = createTestKit()
    const { result } = renderHook(() => usePorticoAccount(), { wrapper: withKit(kit) })
    expect(result.current).toEqual({
      address: undefined,
      caipAddress: undefined,
      status: 'disconnected',
      isConnected: false,
      balance: undefined,
      balanceSymbol: undefined,
      embeddedWalletInfo: undefined,
    })
    act(() => connectAccount(kit, ADDRESS))
    expect(result.current).toMatchObject({ address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected', isConnected: true })
    expect(result.current.embeddedWalletInfo).toBeUndefined()
  })

  it('carries the native balance and its symbol from the account state (AccountState balance, balanceSymbol)', () => {
    const kit = createTestKit()
    const { result } = renderHook(() => usePorticoAccount(), { wrapper: withKit(kit) })
    act(() => connectAccount(kit, ADDRESS))
    expect(result.current).toMatchObject({ balance: undefined, balanceSymbol: undefined })
    act(() => kit.chains.updateAccount('eip155', { balance: '9999.123456', balanceSymbol: 'ETH' }))
    expect(result.current).toMatchObject({ balance: '9999.123456', balanceSymbol: 'ETH', isConnected: true })
    act(() => kit.chains.resetAccount('eip155'))
    expect(result.current).toMatchObject({ balance: undefined, balanceSymbol: undefined })
  })

  it('reports embeddedWalletInfo for an embedded-wallet login (embedded-wallet user, authProvider default email)', () => {
    const kit = createTestKit()
    const { result } = renderHook(() => usePorticoAccount(), { wrapper: withKit(kit) })
    act(() => connectAccount(kit, ADDRESS, { user: { email: 'a@example.com' }, preferredAccountType: 'eoa' }))
    expect(result.current.embeddedWalletInfo).toEqual({ user: { email: 'a@example.com' }, authProvider: 'email', accountType: 'eoa' })
    act(() => kit.chains.updateAccount('eip155', { socialProvider: 'github' }))
    expect(result.current.embeddedWalletInfo?.authProvider).toBe('github')
  })
})

describe('usePorticoNetwork', () => {
  it('switches to a configured network (switching network: the network is set)', async () => {
    const kit = createTestKit({ networks: [mainnet, base] })
    const { result } = renderHook(() => usePorticoNetwork(), { wrapper: withKit(kit) })
    expect(result.current.chainId).toBe(1)
    await act(() => result.current.switchNetwork(base))
    expect(result.current.caipNetwork.caipNetworkId).toBe('eip155:8453')
    expect(result.current.chainId).toBe(8453)
  })

  it('a network outside config.networks raises the network-not-found alert', async () => {
    const kit = createTestKit({ networks: [mainnet] })
    const stranger = defineNetwork({ ...base, id: 777, caipNetworkId: undefined, name: 'Stranger' })
    const { result } = renderHook(() => usePorticoNetwork(), { wrapper: withKit(kit) })
    await act(() => result.current.switchNetwork(stranger).catch(() => undefined))
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.NETWORK_NOT_FOUND)
    expect(result.current.chainId).toBe(1)
  })
})

describe('usePorticoEvents', () => {
  it('returns the latest bus event with a timestamp (analytics events are the bus events)', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000)
    const kit = createTestKit()
    const { result } = renderHook(() => usePorticoEvents(), { wrapper: withKit(kit) })
    expect(result.current).toBeUndefined()
    act(() => kit.open())
    const event: PorticoEvent | undefined = result.current?.event
    expect(event).toEqual({ type: 'MODAL_OPEN', properties: { connected: false, view: 'Connect' } })
    expect(result.current?.timestamp).toBe(1_700_000_000_000)
    vi.restoreAllMocks()
  })
})

describe('usePorticoTheme', () => {
  it('reads and sets mode and variables (theme defaults to dark)', () => {
    const kit = createTestKit({ themeVariables: { '--portico-accent': '#ff0000' } })
    const { result } = renderHook(() => usePorticoTheme(), { wrapper: withKit(kit) })
    expect(result.current.themeMode).toBe('dark')
    expect(result.current.themeVariables).toEqual({ '--portico-accent': '#ff0000' })
    act(() => result.current.setThemeMode('light'))
    act(() => result.current.setThemeVariables({ '--portico-border-radius': '8px' }))
    expect(result.current.themeMode).toBe('light')
    expect(result.current.themeVariables).toEqual({ '--portico-accent': '#ff0000', '--portico-border-radius': '8px' })
  })
})

describe('useDisconnect', () => {
  it('resets the account and emits DISCONNECT_SUCCESS (disconnect: account reset, success tracked)', async () => {
    const kit = createTestKit()
    const events: PorticoEvent[] = []
    kit.subscribeEvents((event) => events.push(event))
    const { result } = renderHook(() => ({ account: usePorticoAccount(), actions: useDisconnect() }), { wrapper: withKit(kit) })
    act(() => connectAccount(kit, ADDRESS))
    expect(result.current.account.isConnected).toBe(true)
    await act(() => result.current.actions.disconnect())
    expect(result.current.account).toMatchObject({ address: undefined, status: 'disconnected', isConnected: false })
    expect(events.map((e) => e.type)).toContain('DISCONNECT_SUCCESS')
  })
})
