import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { createChainStore } from '../../kernel/chains/chainStore.ts'
import { defineNetwork } from '../../kernel/index.ts'
import { hardhat } from '../../test/peers/networks.ts'
import { watchProfile } from './profile.ts'

// SPEC §4 "Profile lookup": the name service's name and avatar only on EVM non-testnet
// chains; the account's own registered name on any EVM chain; cleared otherwise.

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const mainnetLike = defineNetwork({ ...hardhat, id: 1, caipNetworkId: 'eip155:1', name: 'Ethereum', testnet: false })

function setup(network = hardhat, ens: Record<string, { name: string; avatar?: string }> = {}) {
  const chains = createChainStore([network, mainnetLike], network)
  chains.updateNetwork('eip155', { caipNetwork: network })
  const identity = vi.fn<BlockchainApi['identity']>(async ({ address }) =>
    address === ADDRESS ? { name: 'alice.eth', avatar: 'https://example.com/alice.png' } : { name: null, avatar: null },
  )
  const reverseLookup = vi.fn<BlockchainApi['reverseLookup']>(async (address) =>
    address === ADDRESS
      ? [
          { name: 'alice-test', addresses: {} },
          { name: 'alice-two', addresses: {} },
        ]
      : [],
  )
  const adapterProfile = vi.fn(async (address: string) => ens[address])
  const stop = watchProfile({ chains, api: { identity, reverseLookup }, logger: { warn: () => undefined }, adapterProfile })
  const account = () => chains.record('eip155')?.accountState
  return { chains, identity, reverseLookup, adapterProfile, stop, account }
}

let stops: (() => void)[] = []
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
})

describe('profile lookup', () => {
  it('on a testnet: no name service; the primary registered name, no avatar', async () => {
    const t = setup(hardhat)
    stops.push(t.stop)
    t.chains.updateAccount('eip155', { address: ADDRESS })
    await vi.waitFor(() => expect(t.account()?.profileName).toBe('alice-test'))
    expect(t.account()?.profileImage).toBeUndefined()
    expect(t.identity).not.toHaveBeenCalled()
    expect(t.adapterProfile).not.toHaveBeenCalled()
  })

  it("on a non-testnet EVM chain the adapter's profile (ENS) comes first, and the name service is not asked", async () => {
    const t = setup(mainnetLike, { [ADDRESS]: { name: 'alice.ens', avatar: 'data:image/png;base64,AA==' } })
    stops.push(t.stop)
    t.chains.updateAccount('eip155', { address: ADDRESS })
    await vi.waitFor(() => expect(t.account()).toMatchObject({ profileName: 'alice.ens', profileImage: 'data:image/png;base64,AA==' }))
    expect(t.adapterProfile).toHaveBeenCalledWith(ADDRESS, mainnetLike)
    expect(t.identity).not.toHaveBeenCalled()
  })

  it("an ENS profile is untrusted: a name of 255 characters is kept, one of 256 counts as none (the name service's is shown); a javascript: avatar is dropped, an https one of 2048 characters kept, 2049 dropped", async () => {
    const url = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`
    const long = (length: number) => `${'n'.repeat(length - '.eth'.length)}.eth`
    for (const [name, avatar, profileName, profileImage] of [
      [long(255), url(2048), long(255), url(2048)],
      [long(256), url(2048), 'alice.eth', 'https://example.com/alice.png'],
      ['alice.ens', url(2049), 'alice.ens', undefined],
      ['alice.ens', 'javascript:alert(1)', 'alice.ens', undefined],
    ] as const) {
      const t = setup(mainnetLike, { [ADDRESS]: { name, avatar } })
      stops.push(t.stop)
      t.chains.updateAccount('eip155', { address: ADDRESS })
      await vi.waitFor(() => expect(t.account()?.profileName).toBe(profileName))
      expect(t.account()?.profileImage).toBe(profileImage)
    }
  })

  it('on a non-testnet EVM chain: the name service first, with its avatar', async () => {
    const t = setup(mainnetLike)
    stops.push(t.stop)
    t.chains.updateAccount('eip155', { address: ADDRESS })
    await vi.waitFor(() => expect(t.account()).toMatchObject({ profileName: 'alice.eth', profileImage: 'https://example.com/alice.png' }))
    // The adapter had no profile for it: the fallback name service answered.
    expect(t.adapterProfile).toHaveBeenCalledTimes(1)
    expect(t.identity).toHaveBeenCalledWith(expect.objectContaining({ address: ADDRESS, chainId: 'eip155:1' }))
    expect(t.reverseLookup).not.toHaveBeenCalled()
  })

  it('another account with nothing registered clears the name and avatar', async () => {
    const t = setup(mainnetLike)
    stops.push(t.stop)
    t.chains.updateAccount('eip155', { address: ADDRESS })
    await vi.waitFor(() => expect(t.account()?.profileName).toBe('alice.eth'))
    t.chains.updateAccount('eip155', { address: OTHER })
    await vi.waitFor(() => expect(t.reverseLookup).toHaveBeenCalledWith(OTHER, expect.anything()))
    await vi.waitFor(() => expect(t.account()).toMatchObject({ profileName: undefined, profileImage: undefined }))
  })

  it('a network switch looks up again (testnet: the name service is not asked)', async () => {
    const t = setup(mainnetLike)
    stops.push(t.stop)
    t.chains.updateAccount('eip155', { address: ADDRESS })
    await vi.waitFor(() => expect(t.account()?.profileName).toBe('alice.eth'))
    t.chains.updateNetwork('eip155', { caipNetwork: hardhat })
    await vi.waitFor(() => expect(t.account()).toMatchObject({ profileName: 'alice-test', profileImage: undefined }))
    expect(t.identity).toHaveBeenCalledTimes(1)
  })
})
