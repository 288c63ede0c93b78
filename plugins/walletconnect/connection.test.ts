import { formatUnits, recoverMessageAddress, stringToHex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ConnectionStatus, type PorticoKit, type PorticoOptions, type StorageBackend, createKernel, createMemoryBackend, resolve } from '../../kernel/index.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { type WcWallet, createSharedKeyValueStorage, startWcWallet } from '../../test/peers/wcWallet.mjs'
import { walletConnectPlugin } from './index.ts'
import { PairingErrorText } from './pairing.ts'
import { IPairingStore } from './pairingStore.ts'
import { SessionErrorText } from './session.ts'
import { Alerts, ProviderErrorText } from '../../kernel/index.ts'

// The plugin end to end in Node: kits with the plugin and the universal provider,
// a local relay, a sign-client wallet on the other side and a Hardhat node.
// Ports: relay 8621, Hardhat 8611; 8628 for the relay that is killed.
let relay: Relay
let node: HardhatNode
let chain: ReturnType<typeof hardhatNetwork>
beforeAll(async () => {
  ;[relay, node] = await Promise.all([startRelay({ port: 8621 }), startHardhat({ port: 8611 })])
  chain = hardhatNetwork(node.url)
})
afterAll(async () => {
  await Promise.all([relay?.stop(), node?.stop()])
})

const kits: PorticoKit[] = []
const wallets: WcWallet[] = []
afterEach(async () => {
  kits.splice(0).forEach((kit) => kit.destroy())
  await Promise.all(wallets.splice(0).map((w) => w.stop()))
})

let prefix = 0
/** A kit with the plugin; kits of one test share the provider storage and the local storage when given. */
function kit(
  shared: { providerStorage: ReturnType<typeof createSharedKeyValueStorage>; backend: StorageBackend; prefix: string } = {
    providerStorage: createSharedKeyValueStorage(),
    backend: createMemoryBackend(),
    prefix: `kit-${++prefix}`,
  },
  options: Partial<PorticoOptions> = {},
) {
  const k = createKernel(
    {
      projectId: 'portico-test',
      networks: [chain],
      features: { analytics: false },
      endpoints: { relay: relay.url },
      plugins: [walletConnectPlugin({ provider: { storage: shared.providerStorage, customStoragePrefix: shared.prefix, logLevel: 'silent' } })],
      ...options,
    },
    {
      storage: shared.backend,
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )
  kits.push(k)
  const statuses: ConnectionStatus[] = []
  k.chains.select((s) => s.chains.eip155?.accountState.status).subscribe((s) => s && statuses.push(s))
  return { kit: k, shared, statuses }
}

async function wallet(approve?: (method: string) => boolean) {
  const w = await startWcWallet({
    relayUrl: relay.url,
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    rpcUrls: { 31337: node.url },
    storagePrefix: `wallet-${++prefix}`,
    approve: approve && ((method) => approve(method)),
  })
  wallets.push(w)
  return w
}

const account = (k: PorticoKit) => k.chains.record('eip155')!.accountState
/** The plugin's pairing state, from the kit's container by its token. */
const pairingOf = async (k: PorticoKit) => resolve(await k.container(), IPairingStore)
const uriOf = async (k: PorticoKit) => {
  const pairing = await pairingOf(k)
  return vi.waitFor(
    () => {
      const uri = pairing.get().wcUri
      if (!uri) throw new Error('no uri yet')
      return uri
    },
    { timeout: 10_000 },
  )
}

/** What the ConnectingWalletConnect view does: the plugin loads, a connect starts, the uri shows. */
async function startPairing(k: PorticoKit) {
  await k.restored
  await k.views.resolve('ConnectingWalletConnectBasic')
  const connected = k.connect({ connectorId: 'walletConnect', namespace: 'eip155' })
  return { connected, uri: await uriOf(k) }
}

describe('connect through WalletConnect', () => {
  it('pairs over the relay, fills account, network and the node balance; personal_sign goes through the session', async () => {
    const w = await wallet()
    const { kit: k, statuses } = kit()
    const { connected, uri } = await startPairing(k)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect((await pairingOf(k)).get().wcPairingExpiry).toBeGreaterThan(Date.now() + 200_000)
    await w.pair(uri)
    await connected
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(account(k)).toMatchObject({
      address: HARDHAT_ACCOUNT_0.address,
      caipAddress: `eip155:31337:${HARDHAT_ACCOUNT_0.address}`,
      connectedWalletInfo: { name: 'Portico Test Phone Wallet' },
      status: 'connected',
    })
    expect(k.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:31337')
    expect((await pairingOf(k)).get().wcUri).toBeUndefined()
    const wei = BigInt(await rpc<string>(node.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest']))
    await vi.waitFor(() => expect(account(k)).toMatchObject({ balance: formatUnits(wei, 18), balanceSymbol: 'ETH' }))

    const provider = k.getProvider('eip155') as { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
    const message = 'Sign in to Portico over WalletConnect'
    const signature = (await provider.request({ method: 'personal_sign', params: [stringToHex(message), HARDHAT_ACCOUNT_0.address] })) as `0x${string}`
    expect(await recoverMessageAddress({ message, signature })).toBe(HARDHAT_ACCOUNT_0.address)
    expect(w.requests.map((r) => [r.method, r.chainId])).toEqual([['personal_sign', 'eip155:31337']])
    // Reads go to the node, not the wallet.
    expect(await provider.request({ method: 'eth_chainId' })).toBe(31337)
    expect(w.requests).toHaveLength(1)
  }, 30_000)

  it('the proposal asks for the eip155 session methods and events on the configured chains', async () => {
    const proposals: unknown[] = []
    const w = await wallet()
    w.client.on('session_proposal', (event) => proposals.push(event.params))
    const { kit: k } = kit()
    const { connected, uri } = await startPairing(k)
    await w.pair(uri)
    await connected
    expect(proposals[0]).toMatchObject({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], events: ['accountsChanged', 'chainChanged'] } },
    })
    expect((proposals[0] as { optionalNamespaces: { eip155: { methods: string[] } } }).optionalNamespaces.eip155.methods).toHaveLength(24)
  }, 30_000)

  it('a declined proposal fails the connect, sets wcError and leaves the kit disconnected', async () => {
    const w = await wallet((method) => method !== 'session_proposal')
    const { kit: k, statuses } = kit()
    const { connected, uri } = await startPairing(k)
    await expect(w.pair(uri)).rejects.toThrow()
    await expect(connected).rejects.toThrow()
    expect((await pairingOf(k)).get().wcError).toBe(true)
    expect(statuses.at(-1)).toBe('disconnected')
  }, 30_000)

  it('closing the modal while the QR code shows ends the attempt (the uri is reset)', async () => {
    const { kit: k, statuses } = kit()
    k.open({ view: 'ConnectingWalletConnectBasic' })
    const { connected } = await startPairing(k)
    k.close()
    expect((await pairingOf(k)).get().wcUri).toBeUndefined()
    await expect(connected).rejects.toMatchObject({ shortMessage: PairingErrorText.CLOSED })
    expect(statuses.at(-1)).toBe('disconnected')
  }, 30_000)
})

describe('the session after connecting', () => {
  async function connected() {
    const w = await wallet()
    const first = kit()
    const { connected: done, uri } = await startPairing(first.kit)
    await w.pair(uri)
    await done
    return { w, first }
  }

  it('a new kit on the same storage restores the session without a prompt, and it still signs', async () => {
    const { w, first } = await connected()
    const proposals = relay.stats().methods['wc_proposeSession']
    first.kit.destroy()

    const second = kit(first.shared)
    expect(second.kit.plugins.status.get()['walletconnect']).toEqual({ state: 'idle' })
    await second.kit.restored
    expect(second.statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(second.kit.plugins.status.get()['walletconnect']).toMatchObject({ state: 'active' })
    expect(account(second.kit).caipAddress).toBe(`eip155:31337:${HARDHAT_ACCOUNT_0.address}`)
    expect(relay.stats().methods['wc_proposeSession']).toBe(proposals)

    const provider = second.kit.getProvider('eip155') as { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
    const signature = (await provider.request({ method: 'personal_sign', params: [stringToHex('again'), HARDHAT_ACCOUNT_0.address] })) as `0x${string}`
    expect(await recoverMessageAddress({ message: 'again', signature })).toBe(HARDHAT_ACCOUNT_0.address)
    expect(w.requests).toHaveLength(1)
  }, 30_000)

  it('disconnect from the kit ends the session on both sides', async () => {
    const { w, first } = await connected()
    expect(w.sessions()).toHaveLength(1)
    await first.kit.disconnect()
    expect(account(first.kit).status).toBe('disconnected')
    expect(first.kit.getProvider('eip155')).toBeUndefined()
    await vi.waitFor(() => expect(w.sessions()).toEqual([]), { timeout: 10_000 })
    // And the next visit has nothing to restore.
    const next = kit(first.shared)
    await next.kit.restored
    expect(account(next.kit).status).toBe('disconnected')
    expect(next.kit.plugins.status.get()['walletconnect']).toEqual({ state: 'idle' })
  }, 30_000)

  it('a wallet-side disconnect disconnects the kit', async () => {
    const { w, first } = await connected()
    await w.disconnect()
    await vi.waitFor(() => expect(account(first.kit).status).toBe('disconnected'), { timeout: 10_000 })
    expect(first.kit.storage.get('connectedConnectorIds')).toEqual({})
  }, 30_000)

  it('wallet events move the kit: accountsChanged recomposes the address', async () => {
    const { w, first } = await connected()
    await w.emit('accountsChanged', [`eip155:31337:${HARDHAT_ACCOUNT_1.address}`], 'eip155:31337')
    await vi.waitFor(() => expect(account(first.kit).caipAddress).toBe(`eip155:31337:${HARDHAT_ACCOUNT_1.address}`), { timeout: 10_000 })
  }, 30_000)
})

describe('loading', () => {
  it('a kit whose visitor never picks WalletConnect never loads the plugin', async () => {
    const { kit: k } = kit()
    await k.restored
    k.open()
    k.router.push('ConnectingExternal', { connector: 'x', namespace: 'eip155' })
    k.close()
    expect(k.plugins.status.get()['walletconnect']).toEqual({ state: 'idle' })
    expect(k.connectors.list().filter((c) => c.type === 'WALLET_CONNECT')).toEqual([])
  })

  it('declares that the WalletConnect connector connects through the QR code view, not ConnectingExternal', () => {
    const { kit: k } = kit()
    expect(k.plugins.contributed('connectorViews')).toEqual([{ connectorType: 'WALLET_CONNECT', view: 'ConnectingWalletConnectBasic' }])
  })

  it('closing the modal resets the pairing; a disconnect also forgets the chosen deep link', async () => {
    const { kit: k } = kit()
    await k.views.resolve('ConnectingWalletConnectBasic')
    const pairing = await pairingOf(k)
    pairing.set({ wcUri: 'wc:stale@2', wcPairingExpiry: Date.now() + 60_000 })
    k.open()
    k.close()
    expect(pairing.get()).toMatchObject({ wcUri: undefined, wcPairingExpiry: undefined })
    pairing.set({ wcUri: 'wc:stale@2', wcPairingExpiry: Date.now() + 60_000 })
    k.storage.set('deepLinkChoice', { href: 'phonewallet://', name: 'Phone Wallet' })
    await k.disconnect()
    expect(pairing.get().wcUri).toBeUndefined()
    expect(k.storage.get('deepLinkChoice')).toBeUndefined()
  })

  it('asking for one of its views loads it and registers a WalletConnect connector per namespace', async () => {
    const { kit: k } = kit()
    k.open()
    k.router.push('AllWallets')
    await vi.waitFor(() => expect(k.plugins.status.get()['walletconnect']).toMatchObject({ state: 'active' }), { timeout: 10_000 })
    expect(k.views.get('AllWallets')).toBeDefined()
    expect(k.connectors.list().map((c) => [c.id, c.type, c.chain])).toEqual([['walletConnect', 'WALLET_CONNECT', 'eip155']])
  })
})

describe('relay errors (provider error texts)', () => {
  it('a relay that refuses the project id raises the Invalid Project ID alert, once', async () => {
    const refusing = await startRelay({ port: 8622, refuse: { code: 3000, reason: ProviderErrorText.INVALID_KEY } })
    try {
      const { kit: k } = kit(undefined, { endpoints: { relay: refusing.url } })
      await k.restored
      await k.views.resolve('ConnectingWalletConnectBasic')
      const attempt = k.connect({ connectorId: 'walletConnect', namespace: 'eip155' }).catch((error: unknown) => error)
      await vi.waitFor(() => expect(k.alerts.store.get().current?.alert).toBe(Alerts.INVALID_PROJECT_ID), { timeout: 10_000 })
      // Disposing the plugin ends the attempt that could never get a uri.
      k.destroy()
      expect(await attempt).toMatchObject({ shortMessage: PairingErrorText.CLOSED })
    } finally {
      await refusing.stop()
    }
  }, 30_000)
})

describe('the relay killed while the QR code shows', () => {
  it('once it is back on the same port a fresh uri shows (the old proposal died with it), the wallet pairs with that one and the session signs', async () => {
    let killable = await startRelay({ port: 8628 })
    try {
      const { kit: k, statuses } = kit(undefined, { endpoints: { relay: killable.url } })
      const { connected, uri: first } = await startPairing(k)
      await killable.stop()
      killable = await startRelay({ port: 8628 })
      const pairing = await pairingOf(k)
      const fresh = await vi.waitFor(
        () => {
          const uri = pairing.get().wcUri
          if (!uri || uri === first) throw new Error('still the uri of the killed relay')
          return uri
        },
        { timeout: 10_000 },
      )
      expect(pairing.get().wcError).toBe(false)
      const w = await startWcWallet({ relayUrl: killable.url, privateKey: HARDHAT_ACCOUNT_0.privateKey, rpcUrls: { 31337: node.url }, storagePrefix: `wallet-${++prefix}` })
      wallets.push(w)
      await w.pair(fresh)
      await connected
      expect(statuses.at(-1)).toBe('connected')
      expect(account(k).address).toBe(HARDHAT_ACCOUNT_0.address)
      const provider = k.getProvider('eip155') as { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
      const signature = (await provider.request({ method: 'personal_sign', params: [stringToHex('after the relay came back'), HARDHAT_ACCOUNT_0.address] })) as `0x${string}`
      expect(await recoverMessageAddress({ message: 'after the relay came back', signature })).toBe(HARDHAT_ACCOUNT_0.address)
    } finally {
      await killable.stop()
    }
  }, 30_000)
})

describe('relay timeout', () => {
  it('a relay that never lets a pairing through fails the attempt with a clear error and wcError, not a hang', async () => {
    const refusing = await startRelay({ port: 8626, refuse: { code: 1011, reason: 'unavailable' } })
    try {
      const k = createKernel(
        {
          projectId: 'portico-test',
          networks: [chain],
          features: { analytics: false },
          endpoints: { relay: refusing.url },
          plugins: [walletConnectPlugin({ provider: { storage: createSharedKeyValueStorage(), logLevel: 'silent', relayTimeoutMs: 500 } })],
        },
        { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
      )
      kits.push(k)
      await k.restored
      await k.views.resolve('ConnectingWalletConnectBasic')
      await expect(k.connect({ connectorId: 'walletConnect', namespace: 'eip155' })).rejects.toMatchObject({
        shortMessage: SessionErrorText.RELAY_TIMEOUT,
      })
      expect((await pairingOf(k)).get().wcError).toBe(true)
      expect(k.chains.record('eip155')!.accountState.status).toBe('disconnected')
    } finally {
      await refusing.stop()
    }
  }, 30_000)
})
