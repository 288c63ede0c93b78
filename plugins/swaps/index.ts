import * as v from 'valibot'
import { type PluginManifest, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import type { SwapProvider } from './provider.ts'
import { type UniswapV2Router, swapRouters } from './routers.ts'
import { currentTimeZone, isRestrictedTimeZone } from './rules.ts'

export type { ChainReader, LatestBlock, SwapProvider, SwapQuote, SwapRequest, SwapToken, SwapTransaction } from './provider.ts'
export type { UniswapV2Router } from './routers.ts'

/** The Swap view; `kit.open({ view: 'Swap', data: { from, to, amount } })` opens it prefilled. */
export const SWAP_VIEW = 'Swap'

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

/** The parsed options the body gets. */
export interface ParsedSwapsOptions {
  readonly routers: Readonly<Record<string, UniswapV2Router>>
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
    when: () => !isRestrictedTimeZone(currentTimeZone()),
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
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, parsed) }
    },
  })
}
