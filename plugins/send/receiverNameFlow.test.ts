import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createChainStore } from '../../kernel/chains/chainStore.ts'
import { PorticoError, isEvmAddress } from '../../kernel/index.ts'
import { hardhat } from '../../test/peers/networks.ts'
import { createSendController } from './controller.ts'
import type { NamespaceSender } from './sender.ts'

// The send form's receiver typed as a registered name: looked up 500 ms after the last key
// (fake timers), the address then the receiver and the name kept to show; an edit forgets it;
// a failed lookup shows the spec's text. The sender stands in for the EVM one (its address rule
// is the kernel's); the name service is a recorder of calls.

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function setup(resolveName: (name: string) => Promise<string | undefined>) {
  const chains = createChainStore([hardhat], hardhat)
  chains.updateNetwork('eip155', { caipNetwork: hardhat })
  chains.updateAccount('eip155', { address: FROM, caipAddress: `eip155:31337:${FROM}`, status: 'connected' })
  const sender: NamespaceSender = {
    namespace: 'eip155',
    isValidReceiver: (text) => isEvmAddress(text),
    quote: vi.fn(async () => ({ gasPrice: 1n, fee: 21_000n, nativeBalance: 10n ** 18n })),
    send: vi.fn(async () => `0x${'1'.repeat(64)}`),
    failureText: 'Something went wrong',
    formatGasPrice: (gasPrice) => `${gasPrice} wei`,
  }
  const lookups = vi.fn(resolveName)
  const controller = createSendController({
    chains,
    router: { push: vi.fn(), reset: vi.fn(), goBack: vi.fn() },
    snack: { showSuccess: vi.fn(), showError: vi.fn() },
    bus: { emit: vi.fn() },
    request: vi.fn(),
    connection: { getProvider: vi.fn(), syncBalance: vi.fn(async () => undefined) },
    storage: { remove: vi.fn() },
    refreshTokens: async () => undefined,
    options: { usdtContracts: [] },
    logger: { warn: () => undefined },
    previewView: 'WalletSendPreview',
    loadSender: async () => sender,
    resolveName: lookups,
  })
  return { controller, lookups, sender, state: () => controller.store.get() }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('send: a registered name as the receiver', () => {
  it('is looked up once, 500 ms after the last key; the address becomes the receiver and the name is kept', async () => {
    const t = setup(async (name) => (name === 'alice-test' ? ALICE : undefined))
    await t.controller.open()
    t.controller.setReceiver('alice-tes')
    await vi.advanceTimersByTimeAsync(300)
    t.controller.setReceiver('alice-test')
    await vi.advanceTimersByTimeAsync(499)
    expect(t.lookups).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(t.lookups).toHaveBeenCalledTimes(1)
    expect(t.lookups).toHaveBeenCalledWith('alice-test')
    expect(t.state()).toMatchObject({ receiverAddress: ALICE, receiverProfileName: 'alice-test' })
    // Typing again forgets the name and its address.
    t.controller.setReceiver('alice-test2')
    expect(t.state()).toMatchObject({ receiverAddress: 'alice-test2', receiverProfileName: undefined })
  })

  it('an address or a text that is no name is never looked up; an unknown name stays as typed', async () => {
    const t = setup(async () => undefined)
    await t.controller.open()
    t.controller.setReceiver(ALICE)
    t.controller.setReceiver('not a name')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(t.lookups).not.toHaveBeenCalled()
    t.controller.setReceiver('nobody-here')
    await vi.advanceTimersByTimeAsync(500)
    expect(t.lookups).toHaveBeenCalledTimes(1)
    expect(t.state()).toMatchObject({ receiverAddress: 'nobody-here', receiverProfileName: undefined })
  })

  it("a failed lookup shows 'Error resolving name' (or the API's reason)", async () => {
    const t = setup(async () => Promise.reject(new PorticoError('Error resolving name')))
    await t.controller.open()
    t.controller.setReceiver('alice-test')
    await vi.advanceTimersByTimeAsync(500)
    expect(t.state().error).toBe('Error resolving name')
  })
})
