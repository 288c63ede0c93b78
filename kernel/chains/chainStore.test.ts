import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { initialAccountState } from './accountState.ts'
import { createChainStore } from './chainStore.ts'
import { defineNetwork, isUnsupportedPlaceholder, unsupportedNetworkPlaceholder } from './network.ts'
import { base, bitcoin, mainnet, solana, solanaDevnet } from './networks.ts'

const polkadot = defineNetwork({
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
})

describe('chain records', () => {
  it('one chain record per namespace from the configured networks', () => {
    const store = createChainStore([mainnet, base, solana, solanaDevnet, bitcoin], mainnet)
    const { chains } = store.get()
    expect(Object.keys(chains).sort()).toEqual(['bip122', 'eip155', 'solana'])
    expect(chains.eip155?.caipNetworks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    expect(chains.solana?.caipNetworks).toEqual([solana, solanaDevnet])
    expect(chains.bip122?.caipNetworks).toEqual([bitcoin])
    expect(chains.eip155?.namespace).toBe('eip155')
    expect(store.record('polkadot')).toBeUndefined()
  })

  it('a chain record carries networkState and accountState', () => {
    const record = createChainStore([mainnet, base], mainnet).record('eip155')!
    expect(record.networkState).toEqual({
      caipNetwork: mainnet,
      supportsAllNetworks: true,
      approvedCaipNetworkIds: [],
      requestedCaipNetworks: [mainnet, base],
      smartAccountEnabledNetworks: [],
    })
    expect(record.accountState.status).toBe('disconnected')
    expect(record.accountState.tokenBalance).toEqual([])
  })

  it('the default network is the active network and namespace', () => {
    const store = createChainStore([mainnet, base, solana], solana)
    expect(store.get().activeNamespace).toBe('solana')
    expect(store.get().activeCaipNetwork).toBe(solana)
    expect(store.record('solana')?.networkState.caipNetwork).toBe(solana)
    const evm = createChainStore([mainnet, base], base)
    expect(evm.record('eip155')?.networkState.caipNetwork).toBe(base)
  })

  it('default account types: eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment', () => {
    const store = createChainStore([mainnet, solana, polkadot, bitcoin], mainnet)
    expect(store.record('eip155')?.accountState.preferredAccountType).toBe('smartAccount')
    expect(store.record('solana')?.accountState.preferredAccountType).toBe('eoa')
    expect(store.record('polkadot')?.accountState.preferredAccountType).toBe('eoa')
    expect(store.record('bip122')?.accountState.preferredAccountType).toBe('payment')
    expect(initialAccountState('bip122').preferredAccountType).toBe('payment')
  })

  it("updateAccount on an unknown namespace throws 'Chain is required to update chain account data'", () => {
    const store = createChainStore([mainnet], mainnet)
    for (const namespace of ['solana', undefined] as const) {
      try {
        store.updateAccount(namespace, { address: 'x' })
        expect.unreachable('updateAccount did not throw')
      } catch (error) {
        expect(error).toBeInstanceOf(PorticoError)
        expect((error as PorticoError).shortMessage).toBe(ErrorText.CHAIN_REQUIRED)
      }
    }
    expect(() => store.updateNetwork('bip122', {})).toThrow(ErrorText.CHAIN_REQUIRED)
    expect(() => store.resetAccount('polkadot')).toThrow(ErrorText.CHAIN_REQUIRED)
  })

  it('updateAccount patches one namespace only', () => {
    const store = createChainStore([mainnet, solana], mainnet)
    store.updateAccount('solana', { address: 'So1', balance: '1.5' })
    expect(store.record('solana')?.accountState).toMatchObject({ address: 'So1', balance: '1.5', preferredAccountType: 'eoa' })
    expect(store.record('eip155')?.accountState.address).toBeUndefined()
  })

  it('isConnected needs both a CAIP address and status connected on the active namespace', () => {
    const store = createChainStore([mainnet, solana], mainnet)
    expect(store.isConnected()).toBe(false)
    store.updateAccount('eip155', { caipAddress: 'eip155:1:0xabc', address: '0xabc', status: 'connecting' })
    expect(store.isConnected()).toBe(false)
    store.updateAccount('eip155', { status: 'connected' })
    expect(store.isConnected()).toBe(true)
    store.updateAccount('eip155', { caipAddress: undefined })
    expect(store.isConnected()).toBe(false)
  })

  it('isConnected follows the active namespace', () => {
    const store = createChainStore([mainnet, solana], mainnet)
    store.updateAccount('solana', { caipAddress: 'solana:x:So1', address: 'So1', status: 'connected' })
    expect(store.isConnected()).toBe(false)
    store.set({ activeNamespace: 'solana' })
    expect(store.isConnected()).toBe(true)
    expect(store.activeAccount()?.address).toBe('So1')
  })

  it('account status is set to disconnected on reset, and the account fields cleared', () => {
    const store = createChainStore([mainnet], mainnet)
    store.updateAccount('eip155', {
      caipAddress: 'eip155:1:0xabc',
      address: '0xabc',
      status: 'connected',
      preferredAccountType: 'eoa',
      profileName: 'alice.eth',
    })
    store.resetAccount('eip155')
    expect(store.record('eip155')?.accountState).toEqual(initialAccountState('eip155'))
    expect(store.isConnected()).toBe(false)
  })

  it('updateNetwork patches the network state of a namespace', () => {
    const store = createChainStore([mainnet, base], mainnet)
    store.updateNetwork('eip155', { smartAccountEnabledNetworks: [8453], approvedCaipNetworkIds: ['eip155:8453'] })
    expect(store.record('eip155')?.networkState.smartAccountEnabledNetworks).toEqual([8453])
    expect(store.record('eip155')?.networkState.caipNetwork).toBe(mainnet)
  })

  it('an unsupported requested network uses a placeholder that is recognisable as such', () => {
    const placeholder = unsupportedNetworkPlaceholder('eip155:99999', 'eip155')
    expect(placeholder.caipNetworkId).toBe('eip155:99999')
    expect(placeholder.id).toBe('99999')
    expect(isUnsupportedPlaceholder(placeholder)).toBe(true)
    expect(isUnsupportedPlaceholder(mainnet)).toBe(false)
  })

  it('the kit builds its chain records from the configured networks', () => {
    const kit = createKernel(
      { projectId: 'p', networks: [mainnet, base, solana, bitcoin], features: { analytics: false } },
      {
        storage: createMemoryBackend(),
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger: { warn: vi.fn(), error: vi.fn() },
        fetch: globalThis.fetch,
      },
    )
    expect(Object.keys(kit.chains.get().chains).sort()).toEqual(['bip122', 'eip155', 'solana'])
    expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:1')
  })
})
