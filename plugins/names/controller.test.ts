import { type Hex, hexToString, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { createChainStore } from '../../kernel/chains/chainStore.ts'
import { PorticoError, defineNetwork } from '../../kernel/index.ts'
import { HARDHAT_ACCOUNTS } from '../../test/peers/hardhat.ts'
import { hardhat } from '../../test/peers/networks.ts'
import { createNamesController } from './controller.ts'

// The register form's rules without a view: the name rule before any request, suggestions
// 500 ms after the last key, the signed message, and the spec's texts. The wallet is a real
// key (viem) that signs what personal_sign is given; the API is a recorder of calls.

const account = privateKeyToAccount(HARDHAT_ACCOUNTS[0]!.privateKey as Hex)
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)

function setup(network = hardhat, api: Partial<BlockchainApi> = {}) {
  const chains = createChainStore([network], network)
  chains.updateNetwork('eip155', { caipNetwork: network })
  chains.updateAccount('eip155', { address: account.address, caipAddress: `eip155:${network.id}:${account.address}`, status: 'connected' })
  const suggestNames = vi.fn<BlockchainApi['suggestNames']>(async (name) => [
    { name: name.toLowerCase(), registered: name === 'taken-name' },
    { name: `${name}-1`, registered: false },
  ])
  const registerName = vi.fn<BlockchainApi['registerName']>(async ({ message }) => ({
    name: (JSON.parse(message) as { name: string }).name.toLowerCase(),
    addresses: {},
  }))
  const signed: string[] = []
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    expect(method).toBe('personal_sign')
    const [data, from] = params as [Hex, string]
    expect(from).toBe(account.address)
    signed.push(hexToString(data))
    return account.signMessage({ message: { raw: data } })
  })
  const router = { push: vi.fn(), goBack: vi.fn() }
  const controller = createNamesController({
    api: { suggestNames, registerName, ...api },
    chains,
    request,
    router,
    successView: 'RegisterAccountNameSuccess',
    logger: { warn: () => undefined },
    now: () => NOW,
  })
  return { controller, chains, suggestNames, registerName, request, router, signed, state: () => controller.store.get() }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('names controller', () => {
  it.each(['abc', 'bad_name!', 'my name', 'ab-'])('refuses %j before any request: the rule shows, nothing is asked or signed', async (name) => {
    const t = setup()
    t.controller.setName(name)
    expect(t.state().error).toBe('Use letters, digits and hyphens, at least 4 characters')
    await vi.advanceTimersByTimeAsync(2_000)
    await t.controller.register()
    expect(t.state().error).toBe('Use letters, digits and hyphens, at least 4 characters')
    expect(t.suggestNames).not.toHaveBeenCalled()
    expect(t.request).not.toHaveBeenCalled()
    expect(t.registerName).not.toHaveBeenCalled()
    expect(t.router.push).not.toHaveBeenCalled()
  })

  it.each(['abcd', 'A-1b', 'my-wallet-2'])('takes %j (letters, digits and hyphens, 4 characters or more): no rule shown, suggestions asked', async (name) => {
    const t = setup()
    t.controller.setName(name)
    expect(t.state().error).toBeUndefined()
    await vi.advanceTimersByTimeAsync(500)
    expect(t.suggestNames).toHaveBeenCalledWith(name)
  })

  it('asks for suggestions 500 ms after the last key, once, for the last name typed', async () => {
    const t = setup()
    t.controller.setName('alic')
    await vi.advanceTimersByTimeAsync(300)
    t.controller.setName('alice')
    await vi.advanceTimersByTimeAsync(499)
    expect(t.suggestNames).not.toHaveBeenCalled()
    expect(t.state().checking).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.suggestNames).toHaveBeenCalledTimes(1)
    expect(t.suggestNames).toHaveBeenCalledWith('alice')
    expect(t.state()).toMatchObject({ checking: false, taken: false, suggestions: [{ name: 'alice' }, { name: 'alice-1' }] })
    t.controller.setName('taken-name')
    await vi.advanceTimersByTimeAsync(500)
    expect(t.state().taken).toBe(true)
  })

  it("says 'Error fetching name suggestions' when the API fails", async () => {
    const t = setup(hardhat, { suggestNames: vi.fn(async () => Promise.reject(new PorticoError('Error fetching name suggestions'))) })
    t.controller.setName('alice')
    await vi.advanceTimersByTimeAsync(500)
    expect(t.state()).toMatchObject({ error: 'Error fetching name suggestions', checking: false, suggestions: [] })
  })

  it('registers: the success view first, the JSON {name, attributes, timestamp in s} signed, the registration, the profile name', async () => {
    const t = setup()
    t.controller.setName('alice-test')
    await t.controller.register()
    expect(t.router.push).toHaveBeenCalledWith('RegisterAccountNameSuccess')
    expect(t.signed).toEqual([JSON.stringify({ name: 'alice-test', attributes: {}, timestamp: NOW / 1000 })])
    const [registration] = t.registerName.mock.calls[0]!
    expect(registration).toMatchObject({ coinType: 2147514985, address: account.address, message: t.signed[0] })
    expect(await verifyMessage({ address: account.address, message: registration.message, signature: registration.signature as Hex })).toBe(true)
    expect(t.chains.record('eip155')?.accountState.profileName).toBe('alice-test')
    expect(t.state()).toMatchObject({ registering: false, registered: 'alice-test' })
    expect(t.router.goBack).not.toHaveBeenCalled()
  })

  it("a refused registration goes back to the form with 'Error registering name {name}'", async () => {
    const t = setup(hardhat, { registerName: vi.fn(async () => Promise.reject(new PorticoError('Error registering name alice-test', { details: 'taken' }))) })
    t.controller.setName('alice-test')
    await t.controller.register()
    expect(t.router.push).toHaveBeenCalledWith('RegisterAccountNameSuccess')
    expect(t.router.goBack).toHaveBeenCalledTimes(1)
    // The name is checked again at once: the form shows it taken, the error stays.
    await vi.waitFor(() => expect(t.suggestNames).toHaveBeenCalledWith('alice-test'))
    expect(t.state()).toMatchObject({ registering: false, checking: false, error: 'Error registering name alice-test', name: 'alice-test' })
    expect(t.chains.record('eip155')?.accountState.profileName).toBeUndefined()
  })

  it('a wallet that refuses to sign goes back with the same text, and nothing is registered', async () => {
    const t = setup()
    t.request.mockRejectedValueOnce(new Error('User rejected the request.'))
    t.controller.setName('alice-test')
    await t.controller.register()
    expect(t.router.goBack).toHaveBeenCalledTimes(1)
    expect(t.state().error).toBe('Error registering name alice-test')
    expect(t.registerName).not.toHaveBeenCalled()
  })

  it("a chain id of 2147483648 or more has no coin type: 'Invalid chainId', nothing signed", async () => {
    const huge = defineNetwork({ ...hardhat, id: 2 ** 31, caipNetworkId: 'eip155:2147483648' })
    const t = setup(huge)
    t.controller.setName('alice-test')
    await t.controller.register()
    expect(t.state().error).toBe('Invalid chainId')
    expect(t.request).not.toHaveBeenCalled()
    expect(t.router.push).not.toHaveBeenCalled()
  })
})
