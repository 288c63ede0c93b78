import { describe, expect, it, vi } from 'vitest'
import { type CaipNetwork, type ChainAdapter, type Connector, ErrorText, HttpRpcErrorText, defineNetwork, solana } from '../../kernel/index.ts'
import { SessionAdapterErrorText, createSessionAdapter } from './adapter.ts'
import type { PairingLifecycle } from './pairing.ts'
import type { Provider, Session, SessionClient } from './session.ts'

// The session adapter over a fake session client: what it makes of a session
// (accounts, chain, the wallet behind it), balances and switching.
const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const connector: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
const chain = (id: number) =>
  defineNetwork({
    id,
    chainNamespace: 'eip155',
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
  })

function session(accounts: string[], peerName = 'Phone Wallet'): Session {
  return {
    topic: 't',
    namespaces: { eip155: { accounts, chains: [], methods: [], events: [] } },
    peer: { publicKey: 'p', metadata: { name: peerName, description: '', url: 'https://wallet.test', icons: ['https://wallet.test/icon.png'] } },
  } as unknown as Session
}

function setup({ live, approved, namespaceAdapter }: { live?: Session; approved?: Session; namespaceAdapter?: ChainAdapter } = {}) {
  const provider = {
    session: live,
    setDefaultChain: vi.fn(),
    request: vi.fn(async () => null),
  }
  const client = {
    provider: async () => provider as unknown as Provider,
    loaded: () => provider as unknown as Provider,
    current: () => provider.session,
    pair: vi.fn(),
    disconnect: vi.fn(async () => undefined),
    dispose: vi.fn(),
  } satisfies SessionClient
  const lifecycle = {
    approval: vi.fn(async () => {
      provider.session = approved
      return approved!
    }),
  } as unknown as PairingLifecycle<Session>
  let picked: { id: string; name: string; imageUrl?: string } | undefined
  const fetch = vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x21e19e0c9bab2400000' })))
  let current: CaipNetwork | undefined
  const adapter = createSessionAdapter({
    namespace: 'eip155',
    client,
    lifecycle,
    picked: () => picked,
    namespaceAdapter: () => namespaceAdapter,
    currentNetwork: () => current,
    fetch,
  })
  return {
    adapter,
    provider,
    client,
    lifecycle,
    fetch,
    pick: (wallet: typeof picked) => (picked = wallet),
    setCurrent: (network: CaipNetwork) => (current = network),
  }
}

describe('session adapter', () => {
  it('connect waits for the approval, prefers the requested chain when approved, and names the wallet behind the session', async () => {
    const { adapter, provider, lifecycle } = setup({ approved: session([`eip155:1:${EVM}`, `eip155:31337:${EVM}`]) })
    const result = await adapter.connect(connector, chain(31337))
    expect(lifecycle.approval).toHaveBeenCalledOnce()
    expect(result).toEqual({
      address: EVM,
      chainId: 31337,
      accounts: [{ address: EVM, type: 'eoa', namespace: 'eip155' }],
      wallet: { name: 'Phone Wallet', icon: 'https://wallet.test/icon.png' },
    })
    expect(provider.setDefaultChain).toHaveBeenCalledWith('eip155:31337')
    expect(adapter.chain()).toBe('31337')
  })

  it('a chain the session did not approve falls back to its first account', async () => {
    const { adapter } = setup({ approved: session([`eip155:1:${EVM}`]) })
    expect((await adapter.connect(connector, chain(31337))).chainId).toBe(1)
  })

  it('the wallet the visitor picked is the connected wallet, with its registry id (recent wallets)', async () => {
    const { adapter, pick } = setup({ approved: session([`eip155:1:${EVM}`]) })
    pick({ id: 'portico-dev-phone', name: 'Portico Dev Phone Wallet', imageUrl: 'https://img/p.png' })
    expect((await adapter.connect(connector, chain(1))).wallet).toEqual({ id: 'portico-dev-phone', name: 'Portico Dev Phone Wallet', icon: 'https://img/p.png' })
  })

  it('an existing session that covers the namespace is reused without a new pairing', async () => {
    const { adapter, lifecycle } = setup({ live: session([`eip155:1:${EVM}`]) })
    await adapter.connect(connector, chain(1))
    expect(lifecycle.approval).not.toHaveBeenCalled()
  })

  it('a session with no account on the namespace is an error; reconnect without a session is undefined', async () => {
    const { adapter } = setup({ approved: session([]) })
    await expect(adapter.connect(connector, chain(1))).rejects.toMatchObject({ shortMessage: SessionAdapterErrorText.NO_ACCOUNT })
    expect(await setup().adapter.reconnect(connector)).toBeUndefined()
  })

  it('reconnect prefers the chain in use, then the kit network', async () => {
    const { adapter, setCurrent } = setup({ live: session([`eip155:1:${EVM}`, `eip155:8453:${EVM}`]) })
    setCurrent(chain(8453))
    expect((await adapter.reconnect(connector))?.chainId).toBe(8453)
    adapter.setChain('1')
    expect((await adapter.reconnect(connector))?.chainId).toBe(1)
  })

  it('peer metadata is untrusted: a name is cut at 64 characters (63 and 64 kept whole, 65 and 500 cut) and a bad address is skipped', async () => {
    for (const [length, kept] of [
      [63, 63],
      [64, 64],
      [65, 64],
      [500, 64],
    ] as const) {
      const { adapter } = setup({ approved: session([`eip155:1:<script>`, `eip155:1:${EVM}`], 'x'.repeat(length)) })
      const result = await adapter.connect(connector, chain(1))
      expect(result.address).toBe(EVM)
      expect(result.wallet?.name).toBe('x'.repeat(kept))
    }
  })

  it('switching an EVM chain asks through the session (wallet_switchEthereumChain) and remembers the chain', async () => {
    const { adapter, provider } = setup({ live: session([`eip155:1:${EVM}`]) })
    await adapter.connect(connector, chain(1))
    await adapter.switchNetwork(connector, chain(8453))
    expect(provider.request).toHaveBeenCalledWith({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }, 'eip155:1')
    expect(adapter.chain()).toBe('8453')
  })

  it('the balance comes from the namespace adapter when its plugin is active, else from the network RPC url', async () => {
    const own = { getBalance: vi.fn(async () => ({ balance: '1', symbol: 'ETH' })) } as unknown as ChainAdapter
    expect(await setup({ namespaceAdapter: own }).adapter.getBalance(EVM, chain(1))).toEqual({ balance: '1', symbol: 'ETH' })
    const { adapter, fetch } = setup()
    expect(await adapter.getBalance(EVM, chain(1))).toEqual({ balance: '10000', symbol: 'ETH' })
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:1/1', expect.objectContaining({ method: 'POST' }))
  })

  it('a node answer that is not a quantity is the RPC error of the catalogue', async () => {
    const { adapter, fetch } = setup()
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'lots' })))
    await expect(adapter.getBalance(EVM, chain(1))).rejects.toMatchObject({ shortMessage: HttpRpcErrorText.RPC_ERROR })
  })

  it('a non-EVM namespace with no adapter of its own has no balance to offer', async () => {
    const client = setup().client
    const adapter = createSessionAdapter({
      namespace: 'solana',
      client,
      lifecycle: {} as PairingLifecycle<Session>,
      picked: () => undefined,
      namespaceAdapter: () => undefined,
      currentNetwork: () => undefined,
    })
    await expect(adapter.getBalance('So1', solana)).rejects.toMatchObject({ shortMessage: ErrorText.CHAIN_ADAPTER_NOT_FOUND })
  })

  it('getProvider sends requests through the session on the chain in use', async () => {
    const { adapter, provider } = setup({ live: session([`eip155:31337:${EVM}`]) })
    await adapter.connect(connector, chain(31337))
    const eip1193 = adapter.getProvider(connector) as { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
    expect(adapter.getProvider(connector)).toBe(eip1193)
    await eip1193.request({ method: 'personal_sign', params: ['0x00', EVM] })
    expect(provider.request).toHaveBeenLastCalledWith({ method: 'personal_sign', params: ['0x00', EVM] }, 'eip155:31337')
  })

  it('with no chain in use yet, a request goes to eip155:1 (SPEC §9 default)', async () => {
    const { adapter, provider } = setup()
    const eip1193 = adapter.getProvider(connector) as { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
    await eip1193.request({ method: 'eth_chainId' })
    expect(provider.request).toHaveBeenLastCalledWith({ method: 'eth_chainId', params: undefined }, 'eip155:1')
  })
})
