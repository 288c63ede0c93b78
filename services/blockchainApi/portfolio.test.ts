import { afterEach, describe, expect, it, vi } from 'vitest'
import { base, bitcoin, mainnet } from '../../kernel/chains/networks.ts'
import { resolve } from '../../kernel/container/token.ts'
import { createKernel } from '../../kernel/createKernel.ts'
import { SnackText } from '../../kernel/errors/catalogue.ts'
import { createMemoryBackend } from '../../kernel/storage/storage.ts'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { getCapabilities } from './assetDiscovery.ts'
import { refreshTokenBalances } from './portfolio.ts'
import { IBlockchainApi } from './provide.ts'
import type { TokenBalance } from '../../protocol/api/schemas.ts'

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

const balance = (symbol: string, decimals: string, numeric = '1.5', address?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  ...(address ? { address } : {}),
  value: 3,
  price: 2,
  quantity: { decimals, numeric },
  iconUrl: '',
})

const ETH = balance('ETH', '18')
const USDT = balance('USDT', '6', '1.5', '0x00000000000000000000000000000000000000a6')
const ZERO = balance('ZERO', '0', '7', '0x00000000000000000000000000000000000000a0')

/**
 * A kit connected on mainnet whose Blockchain API is `balances` (registered under
 * IBlockchainApi, the extension point an app uses for its own API).
 */
async function setup(balances: BlockchainApi['balances'], networks = [mainnet, base, bitcoin]) {
  const kit = createKernel(
    { projectId: 'p', networks, features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      fetch: () => Promise.reject(new Error('no requests')),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )
  kit.chains.updateAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected' })
  const container = await kit.container()
  const api = vi.fn(balances)
  const notUsed = () => Promise.reject(new Error('not used'))
  container.register(IBlockchainApi as symbol, {
    useValue: {
      capabilities: { history: true, nfts: true, names: true, identity: true },
      balances: api,
      transactions: notUsed,
      nfts: notUsed,
      identity: notUsed,
      lookupName: notUsed,
      reverseLookup: notUsed,
      suggestNames: notUsed,
      registerName: notUsed,
    } satisfies BlockchainApi,
  })
  const tokens = () => kit.chains.record('eip155')?.accountState.tokenBalance
  return { kit, container, api, tokens }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('refreshTokenBalances', () => {
  it("fills the active account's tokenBalance from the API, for its address and network", async () => {
    const { container, api, tokens } = await setup(async () => [ETH, USDT])
    expect(await refreshTokenBalances(container)).toEqual([ETH, USDT])
    expect(tokens()).toEqual([ETH, USDT])
    expect(api).toHaveBeenCalledWith({ address: ADDRESS, chainId: 'eip155:1' })
  })

  it('drops tokens with zero decimals as low quality (§5)', async () => {
    const { container, tokens } = await setup(async () => [ETH, ZERO, USDT])
    await refreshTokenBalances(container)
    expect(tokens()?.map((token) => token.symbol)).toEqual(['ETH', 'USDT'])
  })

  it('answers from the portfolio cache for 30 s, then asks the API again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { container, api } = await setup(async () => [ETH])
    await refreshTokenBalances(container)
    vi.advanceTimersByTime(30_000)
    await refreshTokenBalances(container)
    expect(api).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    await refreshTokenBalances(container)
    expect(api).toHaveBeenCalledTimes(2)
  })

  it('force skips the cache (after a send)', async () => {
    const { container, api } = await setup(async () => [ETH])
    await refreshTokenBalances(container)
    await refreshTokenBalances(container, { force: true })
    expect(api).toHaveBeenCalledTimes(2)
  })

  it('callers asking at once share one request', async () => {
    const { container, api } = await setup(async () => [ETH])
    const [a, b] = await Promise.all([refreshTokenBalances(container), refreshTokenBalances(container)])
    expect(a).toEqual([ETH])
    expect(b).toEqual([ETH])
    expect(api).toHaveBeenCalledTimes(1)
  })

  it('the cache is per account and network', async () => {
    const { kit, container, api } = await setup(async ({ chainId }) => [{ ...ETH, chainId }])
    await refreshTokenBalances(container)
    kit.chains.set({ activeCaipNetwork: base })
    await refreshTokenBalances(container)
    expect(api.mock.calls.map(([args]) => args.chainId)).toEqual(['eip155:1', 'eip155:8453'])
  })

  it("a failure shows 'Token Balance Unavailable', keeps the list, and retries after 30 s", async () => {
    vi.useFakeTimers()
    let fail = true
    const { kit, container, api, tokens } = await setup(async () => {
      if (fail) throw new Error('HTTP status code: 503')
      return [ETH, USDT]
    })
    kit.chains.updateAccount('eip155', { tokenBalance: [ETH] })
    expect(await refreshTokenBalances(container)).toEqual([ETH])
    await vi.advanceTimersByTimeAsync(150) // the snack's swap delay
    expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.TOKEN_BALANCE_UNAVAILABLE, variant: 'error' })
    expect(tokens()).toEqual([ETH])
    // Within the 30 s, asking again sends nothing.
    await vi.advanceTimersByTimeAsync(29_000)
    await refreshTokenBalances(container)
    expect(api).toHaveBeenCalledTimes(1)
    fail = false
    await vi.advanceTimersByTimeAsync(849) // 29 999 ms after the failure

    expect(api).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(api).toHaveBeenCalledTimes(2)
    expect(tokens()).toEqual([ETH, USDT])
  })

  it('the retry is dropped when the account changes meanwhile', async () => {
    vi.useFakeTimers()
    const { kit, container, api } = await setup(async () => {
      throw new Error('down')
    })
    await refreshTokenBalances(container)
    kit.chains.updateAccount('eip155', { address: '0x00000000000000000000000000000000000000bb' })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api).toHaveBeenCalledTimes(1)
  })

  it('an answer arriving after a network switch is not put on the new network', async () => {
    let release!: () => void
    const { kit, container, tokens } = await setup(() => new Promise<TokenBalance[]>((done) => (release = () => done([ETH]))))
    const pending = refreshTokenBalances(container)
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    kit.chains.set({ activeCaipNetwork: base })
    release()
    await pending
    expect(tokens()).toEqual([])
  })

  it('asks nothing on a namespace without balances (bip122) or when disconnected', async () => {
    const { kit, container, api } = await setup(async () => [ETH])
    kit.chains.updateAccount('bip122', { address: 'bc1qxyz', status: 'connected' })
    kit.chains.set({ activeNamespace: 'bip122', activeCaipNetwork: bitcoin })
    expect(await refreshTokenBalances(container)).toEqual([])
    kit.chains.set({ activeNamespace: 'eip155', activeCaipNetwork: mainnet })
    kit.chains.resetAccount('eip155')
    expect(await refreshTokenBalances(container)).toEqual([])
    expect(api).not.toHaveBeenCalled()
  })

  it('a cached list that no longer passes the schema (edited storage) is asked again', async () => {
    const { kit, container, api } = await setup(async () => [ETH])
    kit.storage.setCached('portfolioCache', `eip155:1:${ADDRESS}`, [{ symbol: 'EVIL' }])
    await refreshTokenBalances(container)
    expect(api).toHaveBeenCalledTimes(1)
  })
})

describe('asset discovery (ERC-7811) before the API', () => {
  const asset = {
    address: '0x00000000000000000000000000000000000000a6',
    balance: '0x16e360', // 1_500_000
    type: 'ERC20',
    metadata: { name: 'Tether', symbol: 'USDT', decimals: 6, price: 1, iconUrl: 'https://example.com/usdt.png' },
  }
  const native = {
    address: 'native',
    balance: '0xde0b6b3a7640000', // 1e18
    type: 'NATIVE',
    metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: '' },
  }

  async function withWallet(capabilities: unknown, assets: unknown) {
    const env = await setup(async () => [ETH])
    const calls: { method: string; params: unknown }[] = []
    env.kit.services.rpc.register('wallet_getCapabilities', async (params) => {
      calls.push({ method: 'wallet_getCapabilities', params })
      if (capabilities instanceof Error) throw capabilities
      return capabilities
    })
    env.kit.services.rpc.register('wallet_getAssets', async (params) => {
      calls.push({ method: 'wallet_getAssets', params })
      return assets
    })
    return { ...env, calls }
  }

  it('a wallet with assetDiscovery on the network answers wallet_getAssets {account, chainFilter}; the API is not asked', async () => {
    const { container, api, tokens, calls } = await withWallet({ '0x1': { assetDiscovery: { supported: true } } }, { '0x1': [native, asset] })
    await refreshTokenBalances(container)
    expect(calls).toEqual([
      { method: 'wallet_getCapabilities', params: [ADDRESS] },
      { method: 'wallet_getAssets', params: [{ account: ADDRESS, chainFilter: ['0x1'] }] },
    ])
    expect(api).not.toHaveBeenCalled()
    expect(tokens()).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
      {
        name: 'Tether',
        symbol: 'USDT',
        chainId: 'eip155:1',
        address: asset.address,
        value: 1.5,
        price: 1,
        quantity: { decimals: '6', numeric: '1.5' },
        iconUrl: 'https://example.com/usdt.png',
      },
    ])
  })

  it.each([
    ['the capabilities do not list the network', { '0x2105': { assetDiscovery: { supported: true } } }, { '0x1': [asset] }],
    ['assetDiscovery is not supported', { '0x1': { assetDiscovery: { supported: false } } }, { '0x1': [asset] }],
    ['wallet_getCapabilities fails', new Error('Method not found'), { '0x1': [asset] }],
    ['the assets are not an object of lists', { '0x1': { assetDiscovery: { supported: true } } }, [asset]],
    ['an asset has a wrong type', { '0x1': { assetDiscovery: { supported: true } } }, { '0x1': [{ ...asset, type: 'ERC721' }] }],
    ['an asset has no price', { '0x1': { assetDiscovery: { supported: true } } }, { '0x1': [{ ...asset, metadata: { ...asset.metadata, price: undefined } }] }],
    ['a decimals is a string', { '0x1': { assetDiscovery: { supported: true } } }, { '0x1': [{ ...asset, metadata: { ...asset.metadata, decimals: '6' } }] }],
    ['a balance is not a string', { '0x1': { assetDiscovery: { supported: true } } }, { '0x1': [{ ...asset, balance: 1500000 }] }],
  ])('the API is asked when %s (§5 validation)', async (_label, capabilities, assets) => {
    const { container, api, tokens } = await withWallet(capabilities, assets)
    await refreshTokenBalances(container)
    expect(api).toHaveBeenCalledTimes(1)
    expect(tokens()).toEqual([ETH])
  })

  it('a capabilities failure gives {}', async () => {
    const failing = { request: async () => Promise.reject(new Error('Method not found')) }
    expect(await getCapabilities(failing, ADDRESS)).toEqual({})
    expect(await getCapabilities({ request: async () => 'nonsense' }, ADDRESS)).toEqual({})
    expect(await getCapabilities({ request: async () => ({ '0x1': {} }) }, ADDRESS)).toEqual({ '0x1': {} })
  })

  it('a zero-decimal asset from the wallet is dropped too', async () => {
    const zero = { ...asset, metadata: { ...asset.metadata, decimals: 0, symbol: 'ZERO' } }
    const { container, tokens } = await withWallet({ '0x1': { assetDiscovery: { supported: true } } }, { '0x1': [asset, zero] })
    await refreshTokenBalances(container)
    expect(tokens()?.map((token) => token.symbol)).toEqual(['USDT'])
  })
})

describe('the kit resolves one Blockchain API', () => {
  const kitWith = (endpoints: { blockchainApi?: string }) =>
    createKernel(
      { projectId: 'p', networks: [mainnet], features: { analytics: false }, endpoints },
      {
        storage: createMemoryBackend(),
        fetch: () => Promise.reject(new Error('no requests')),
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger: { warn: () => undefined, error: () => undefined },
      },
    )

  it('the HTTP client when endpoints.blockchainApi is set (it answers everything), else the direct one (balances only)', async () => {
    const { blockchainApi } = await import('./provide.ts')
    const http = blockchainApi(await kitWith({ blockchainApi: 'http://127.0.0.1:1/' }).container())
    const direct = blockchainApi(await kitWith({}).container())
    expect(http.capabilities).toEqual({ history: true, nfts: true, names: true, identity: true })
    expect(direct.capabilities).toEqual({ history: false, nfts: false, names: false, identity: false })
    // Each is what it says: the HTTP one asks the server (none listens there), the direct one refuses history.
    await expect(http.transactions({ address: ADDRESS, chainId: 'eip155:1' })).rejects.toThrow()
    await expect(direct.transactions({ address: ADDRESS, chainId: 'eip155:1' })).rejects.toMatchObject({
      shortMessage: 'The Blockchain API in use cannot answer this',
    })
  })

  it('blockchainApi(container) gives the same instance on every call, and the registered one when an app set it', async () => {
    const { container } = await setup(async () => [])
    const { blockchainApi } = await import('./provide.ts')
    expect(blockchainApi(container)).toBe(resolve(container, IBlockchainApi))
  })
})
