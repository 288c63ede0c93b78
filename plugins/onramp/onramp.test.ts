// The on-ramp rules that need no browser: the provider URLs for each Coinbase pay chain and
// the ethereum fallback (SPEC §9), Meld's on eip155 and solana, the options an app may set,
// and where the Buy button shows (flag, namespace, the restricted time zones of SPEC §6).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportTimeZone } from '../../test/unit/reportedTimeZone.ts'
import { type AccountState, type CaipNetworkId, type PorticoKit, createKernel, createMemoryBackend, mainnet } from '../../kernel/index.ts'
import { onrampOptions, onrampPlugin } from './index.ts'
import { coinbasePayChain, providerUrl } from './onrampUrls.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const COINBASE = { id: 'coinbase', url: 'https://pay.coinbase.com/buy/select-asset' } as const
const MELD = { id: 'meld', url: 'https://meldcrypto.com/' } as const
const network = (caipNetworkId: string, symbol = 'ETH') => ({ caipNetworkId: caipNetworkId as CaipNetworkId, nativeCurrency: { name: symbol, symbol, decimals: 18 } })

const kits: PorticoKit[] = []
afterEach(() => {
  vi.restoreAllMocks()
  kits.splice(0).forEach((kit) => kit.destroy())
})

const walletFeatures = (features: Record<string, boolean> = {}, options: Parameters<typeof onrampPlugin>[0] = {}) => {
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false, ...features }, plugins: [onrampPlugin(options)] },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(kit)
  return kit.plugins.contributed('walletFeatures')
}
const account = (caipAddress: string) => ({ caipAddress }) as unknown as AccountState

describe('Coinbase pay chains (SPEC §9)', () => {
  it.each([
    ['eip155:1', 'ethereum', 'ETH'],
    ['eip155:42161', 'arbitrum', 'ETH'],
    ['eip155:137', 'polygon', 'POL'],
    ['eip155:80094', 'berachain', 'BERA'],
    ['eip155:43114', 'avalanche-c-chain', 'AVAX'],
    ['eip155:10', 'optimism', 'ETH'],
    ['eip155:42220', 'celo', 'CELO'],
    ['eip155:8453', 'base', 'ETH'],
  ])('%s is %s: the URL names it and its asset %s, the address and the preset amount', (caipNetworkId, chain, asset) => {
    const url = new URL(providerUrl(COINBASE, { address: EVM, network: network(caipNetworkId), presetAmount: 100 }))
    expect(url.origin + url.pathname).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      addresses: `{"${EVM}":["${chain}"]}`,
      assets: `["${asset}"]`,
      defaultNetwork: chain,
      defaultAsset: asset,
      presetFiatAmount: '100',
      fiatCurrency: 'USD',
    })
  })

  it.each(['eip155:31337', 'eip155:56', 'eip155:11155111', 'eip155:324'])('%s is no pay chain: ethereum and ETH (the fallback)', (caipNetworkId) => {
    expect(coinbasePayChain(caipNetworkId)).toBe('ethereum')
    const url = new URL(providerUrl(COINBASE, { address: EVM, network: network(caipNetworkId, 'BNB') }))
    expect(url.searchParams.get('defaultNetwork')).toBe('ethereum')
    expect(url.searchParams.get('addresses')).toBe(`{"${EVM}":["ethereum"]}`)
    expect(url.searchParams.get('defaultAsset')).toBe('ETH')
    // No preset amount configured: none sent.
    expect(url.searchParams.has('presetFiatAmount')).toBe(false)
    expect(url.searchParams.has('fiatCurrency')).toBe(false)
  })

  it("the app's Coinbase app id goes as appId; a configured base URL keeps its path and query", () => {
    const url = new URL(providerUrl({ id: 'coinbase', url: 'http://127.0.0.1:8710/coinbase?sandbox=1', key: 'app-123' }, { address: EVM, network: network('eip155:8453') }))
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8710/coinbase')
    expect(url.searchParams.get('sandbox')).toBe('1')
    expect(url.searchParams.get('appId')).toBe('app-123')
  })
})

describe('Meld (eip155 and solana)', () => {
  it('on solana: the wallet address, SOL and the preset amount in dollars', () => {
    const url = new URL(providerUrl({ ...MELD, key: 'pk_1' }, { address: SOL, network: network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'SOL'), presetAmount: 50 }))
    expect(url.origin + url.pathname).toBe('https://meldcrypto.com/')
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: 'pk_1', walletAddress: SOL, destinationCurrencyCode: 'SOL', sourceAmount: '50', sourceCurrencyCode: 'USD' })
  })

  it("on an EVM network: the network's native currency", () => {
    const url = new URL(providerUrl(MELD, { address: EVM, network: network('eip155:137', 'POL') }))
    expect(Object.fromEntries(url.searchParams)).toEqual({ walletAddress: EVM, destinationCurrencyCode: 'POL' })
  })
})

describe('options', () => {
  it('both providers at their real pages by default', () => {
    expect(onrampOptions()).toEqual({
      providers: [
        { id: 'coinbase', url: 'https://pay.coinbase.com/buy/select-asset' },
        { id: 'meld', url: 'https://meldcrypto.com/' },
      ],
    })
  })

  it('an app points a provider at its own page, leaves one out, sets the preset amount', () => {
    expect(onrampOptions({ coinbase: { url: 'http://127.0.0.1:8710/coinbase', key: 'a' }, meld: false, presetAmount: 100 })).toEqual({
      providers: [{ id: 'coinbase', url: 'http://127.0.0.1:8710/coinbase', key: 'a' }],
      presetAmount: 100,
    })
  })

  it('a page that is not https (http only on this machine), or an amount under 1 dollar, is a ConfigError naming the field', () => {
    expect(() => onrampPlugin({ coinbase: { url: 'http://pay.example.com/' } })).toThrow(/onrampPlugin\.coinbase\.url/)
    expect(() => onrampPlugin({ meld: { url: 'not a url' } })).toThrow(/onrampPlugin\.meld\.url/)
    expect(() => onrampPlugin({ meld: { url: 'javascript:alert(1)' } })).toThrow(/onrampPlugin\.meld\.url/)
    expect(() => onrampPlugin({ presetAmount: 0.5 })).toThrow(/onrampPlugin\.presetAmount/)
    expect(() => onrampPlugin({ coinbase: { url: 'http://localhost:8710/coinbase' } })).not.toThrow()
  })
})

describe('where Buy is offered', () => {
  it('first of the wallet features (rank 10), on by default; features.onramp false turns it off', () => {
    reportTimeZone('Europe/Berlin')
    expect(walletFeatures()).toEqual([expect.objectContaining({ id: 'onramp', label: 'Buy', view: 'OnRampProviders', rank: 10 })])
    expect(walletFeatures({ onramp: false })).toEqual([])
  })

  it('on eip155 and solana (Meld), not bip122; with Meld left out, eip155 only', () => {
    reportTimeZone('Europe/Berlin')
    const [both] = walletFeatures()
    expect(both?.whenAccount?.(account(`eip155:1:${EVM}`))).toBe(true)
    expect(both?.whenAccount?.(account(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`))).toBe(true)
    expect(both?.whenAccount?.(account('bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'))).toBe(false)
    const [coinbaseOnly] = walletFeatures({}, { meld: false })
    expect(coinbaseOnly?.whenAccount?.(account(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`))).toBe(false)
    expect(coinbaseOnly?.whenAccount?.(account(`eip155:1:${EVM}`))).toBe(true)
    expect(walletFeatures({}, { coinbase: false, meld: false })).toEqual([])
  })

  it.each(['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Kashgar', 'Asia/Macau', 'Asia/Macao', 'Asia/Hong_Kong', 'Asia/Beijing'])(
    'in %s Buy is not offered',
    (zone) => {
      reportTimeZone(zone)
      expect(walletFeatures()).toEqual([])
    },
  )
})
