import * as v from 'valibot'
import { ConfigError, type PluginManifest, definePlugin, definePluginFlag, inRestrictedTimeZone, isEvmAddress } from '../../kernel/index.ts'
import { SWAP_NETWORKS } from './networks.ts'
import type { SwapProvider } from './provider.ts'
import { type ParsedSwapsOptions, SWAP_VIEW, type UniswapV2Router } from './contract.ts'
export type { UniswapV2Router } from './contract.ts'

// The manifest's own rules live here, in the always-bundled half: the routers an app may
// configure (the restricted time zones are the kernel's, shared with on-ramp). Everything
// else loads with the body.

type Hex = `0x${string}`

export type { ChainReader, LatestBlock, SwapProvider, SwapQuote, SwapRequest, SwapToken, SwapTransaction } from './provider.ts'

/** Uniswap's own V2 deployment on Ethereum; any other network's router comes from the app's config. */
export const KNOWN_ROUTERS: Readonly<Record<string, UniswapV2Router>> = {
  'eip155:1': {
    router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
    factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
    weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  },
}

/** Development chains (Hardhat and Anvil, Ganache and geth --dev) an app may point at its own router. */
export const LOCAL_SWAP_NETWORKS = ['eip155:31337', 'eip155:1337'] as const

const Address = v.pipe(
  v.string(),
  v.check((text: string) => isEvmAddress(text), 'must be an EVM address (0x and 40 hex digits)'),
  v.transform((text: string): Hex => `0x${text.replace(/^0x/i, '')}`),
)

const RoutersSchema = v.record(
  v.picklist([...SWAP_NETWORKS, ...LOCAL_SWAP_NETWORKS], `must be one of the swap networks (${SWAP_NETWORKS.join(', ')}) or a local chain (${LOCAL_SWAP_NETWORKS.join(', ')})`),
  v.object({ router: Address, factory: v.optional(Address), weth: Address }),
)

/**
 * The routers swaps use: the known ones, and the app's (which win on the same network). A
 * network outside §9's twelve and the local chains, or a malformed address, throws a ConfigError.
 *
 * @example
 * swapRouters({ 'eip155:31337': { router: '0xC588…', weth: '0x850E…' } })
 */
export function swapRouters(configured: Readonly<Record<string, unknown>> = {}): Readonly<Record<string, UniswapV2Router>> {
  const parsed = v.safeParse(RoutersSchema, configured)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new ConfigError(`swapsPlugin.routers.${v.getDotPath(issue) ?? ''}`, issue.message)
  }
  return { ...KNOWN_ROUTERS, ...(parsed.output as Record<string, UniswapV2Router>) }
}

/** What `swapsPlugin()` takes. */
export interface SwapsPluginOptions {
  /**
   * A Uniswap V2-compatible router per CAIP-2 network, beside the known one on Ethereum.
   * Only the twelve swap networks (SPEC §9) and local chains (31337, 1337) are accepted.
   */
  readonly routers?: Readonly<Record<string, UniswapV2Router>>
  /** Another venue instead of the built-in Uniswap V2 provider (bundled with the app, not lazily). */
  readonly provider?: SwapProvider
}

/** The CAIP-2 network of a CAIP-10 address (`eip155:1:0x…` → `eip155:1`). */
const networkOf = (caipAddress: string | undefined) => caipAddress?.split(':').slice(0, 2).join(':')

/**
 * Swaps: a token of the account into another at a pool's price (quote, price impact, 1 %
 * slippage, approve once, then the swap), through a Uniswap V2-compatible router. On unless
 * `features.swaps` is false; hidden in the restricted time zones (SPEC §6); the button shows
 * only on a network with a router; loaded the first time it is pressed.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet], plugins: [eip155Plugin(), swapsPlugin()] })
 * // a local chain with its own deployment:
 * swapsPlugin({ routers: { 'eip155:31337': { router: '0xC588…', weth: '0x850E…' } } })
 */
export function swapsPlugin(options: SwapsPluginOptions = {}): PluginManifest {
  const parsed: ParsedSwapsOptions = { routers: swapRouters(options.routers), ...(options.provider ? { provider: options.provider } : {}) }
  const supports = (network: string) => (parsed.provider ? parsed.provider.supports(network) : Object.hasOwn(parsed.routers, network))
  return definePlugin({
    id: 'swaps',
    flags: [definePluginFlag({ name: 'swaps', schema: v.boolean(), default: true })],
    enabledBy: 'swaps',
    // SPEC §6: no swaps for a visitor in a restricted time zone.
    when: () => !inRestrictedTimeZone(),
    contributes: {
      views: [SWAP_VIEW],
      styles:
        '.swap-form{display:flex;flex-direction:column;gap:12px}' +
        '.swap-form select{font:inherit;color:inherit}' +
        '.swap-field{display:flex;flex-direction:column;gap:4px}' +
        '.swap-summary{margin:0;display:grid;grid-template-columns:auto 1fr;gap:8px 12px}' +
        '.swap-summary dt{color:var(--portico-muted)}.swap-summary dd{margin:0;text-align:end}',
      // SPEC §9 order: onramp (10), swaps, receive (30), send (40).
      walletFeatures: [
        {
          id: 'swaps',
          label: 'Swap',
          icon: 'M7 4v14M3 14l4 4 4-4M17 20V6M13 10l4-4 4 4',
          view: SWAP_VIEW,
          rank: 20,
          whenAccount: (account) => {
            const network = networkOf(account.caipAddress)
            return network !== undefined && supports(network)
          },
        },
      ],
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, parsed) }
    },
  })
}
