// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PorticoKit } from '../../kernel/index.ts'
import { eip155Plugin } from '../../plugins/namespaces/eip155/index.ts'
import { HARDHAT_ACCOUNT_0 } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { createTestWallet } from '../../test/peers/testWallet.ts'
import { createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { usePorticoProvider } from './usePorticoProvider.ts'

// The real eip155 plugin and the in-process test wallet (no node needed: accounts,
// chain id and signing are the wallet's own; the balance read fails quietly).
const RPC = 'http://127.0.0.1:9'
const RDNS = 'org.portico.hooktest'
const stops: (() => void)[] = []
afterEach(() => {
  cleanup()
  stops.splice(0).forEach((stop) => stop())
})

function setup() {
  const wallet = createTestWallet({
    name: 'Hook Test Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: RPC },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: [31337],
  })
  stops.push(wallet.announce())
  const kit = createTestKit({ networks: [hardhatNetwork(RPC)] }, [eip155Plugin()])
  stops.push(() => kit.destroy())
  let renders = 0
  const hook = renderHook(
    () => {
      renders += 1
      return usePorticoProvider('eip155')
    },
    { wrapper: withKit(kit) },
  )
  return { wallet, kit, hook, renders: () => renders }
}

async function connect(kit: PorticoKit) {
  await kit.restored
  await kit.plugins.load('eip155')
  await kit.connect({ connectorId: RDNS, namespace: 'eip155' })
}

describe('usePorticoProvider', () => {
  it('is undefined until a wallet connects, then the wallet’s own EIP-1193 provider', async () => {
    const { wallet, kit, hook } = setup()
    expect(hook.result.current).toBeUndefined()
    await act(() => connect(kit))
    expect(hook.result.current).toBe(wallet.provider)
    // The host app can talk to the wallet through it.
    await expect(hook.result.current!.request({ method: 'eth_accounts' })).resolves.toEqual([HARDHAT_ACCOUNT_0.address])
    // The vanilla equivalent agrees.
    expect(kit.getProvider('eip155')).toBe(hook.result.current)
  })

  it('goes back to undefined on disconnect', async () => {
    const { kit, hook } = setup()
    await act(() => connect(kit))
    expect(hook.result.current).toBeDefined()
    await act(() => kit.disconnect())
    expect(hook.result.current).toBeUndefined()
  })

  it('follows the wallet: locking it (accountsChanged []) leaves no provider, a changed account keeps it', async () => {
    const { wallet, kit, hook } = setup()
    await act(() => connect(kit))
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await act(() => wallet.emit('accountsChanged', [other]))
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(kit.chains.record('eip155')?.accountState.address).toBe(other)
    expect(hook.result.current).toBe(wallet.provider)
    await act(() => wallet.lock())
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(kit.chains.record('eip155')?.accountState.status).toBe('disconnected')
    expect(hook.result.current).toBeUndefined()
  })

  it('is undefined when the connected wallet is no longer discovered', async () => {
    const { kit, hook } = setup()
    await act(() => connect(kit))
    const connector = kit.connectors.list().find((c) => c.id === RDNS)!
    act(() => kit.connectors.store.set({ connectors: kit.connectors.list().filter((c) => c !== connector) }))
    expect(hook.result.current).toBeUndefined()
  })

  it('does not re-render for state that leaves the provider as it is (a balance update)', async () => {
    const { kit, hook, renders } = setup()
    await act(() => connect(kit))
    const before = renders()
    act(() => kit.chains.updateAccount('eip155', { balance: '42', balanceSymbol: 'ETH' }))
    act(() => kit.open())
    expect(renders()).toBe(before)
    expect(hook.result.current).toBeDefined()
  })

  it('is undefined for a namespace nothing is connected on', async () => {
    const { kit } = setup()
    await act(() => connect(kit))
    const solana = renderHook(() => usePorticoProvider('solana'), { wrapper: withKit(kit) })
    expect(solana.result.current).toBeUndefined()
  })
})
