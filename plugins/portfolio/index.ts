import * as v from 'valibot'
import { apiCapabilities } from '../../services/blockchainApi/support.ts'
import { ConfigError, type PluginManifest, definePlugin, isEvmAddress } from '../../kernel/index.ts'
import { NFTS_PANEL, type ParsedPortfolioOptions, TOKENS_PANEL } from './contract.ts'

/** What `portfolioPlugin()` takes. */
export interface PortfolioPluginOptions {
  /**
   * ERC20 contracts to list per EVM network (CAIP-2 id) when no Blockchain API is
   * configured: the direct fallback reads their balances from the chain's own RPC.
   * An API (`endpoints.blockchainApi`) lists what it indexes and ignores this.
   */
  readonly tokens?: Readonly<Record<string, readonly string[]>>
}

const EvmNetworkId = v.pipe(v.string(), v.regex(/^eip155:\d{1,12}$/, 'must be an EVM CAIP-2 id such as eip155:1'))
const EvmAddress = v.pipe(
  v.string(),
  v.check((address: string) => isEvmAddress(address), 'must be EVM addresses (0x and 40 hex digits)'),
)

const OptionsSchema = v.object({
  tokens: v.optional(v.record(EvmNetworkId, v.array(EvmAddress)), {}),
})

/** The options checked when the app creates the plugin; a bad one throws a ConfigError naming it. */
export function parsePortfolioOptions(options: PortfolioPluginOptions): ParsedPortfolioOptions {
  const parsed = v.safeParse(OptionsSchema, options)
  if (parsed.success) return parsed.output as ParsedPortfolioOptions
  const issue = parsed.issues[0]
  throw new ConfigError(`portfolioPlugin.${v.getDotPath(issue) ?? ''}`, issue.message)
}

/**
 * Portfolio: the Tokens and NFTs tabs of the Account view. Tokens lists the account's
 * balances on the connected network with their dollar values (and fills
 * `accountState.tokenBalance`, which Send reads); NFTs lists what it holds, and is left
 * out when no Blockchain API is configured (the direct RPC fallback has no NFTs).
 *
 * Without `endpoints.blockchainApi`, balances come from the chain's own RPC: the native
 * one, and the ERC20 contracts listed in `tokens` (the plugin then loads as an account
 * connects, so the list is known before anything reads balances).
 *
 * @example
 * createPortico({
 *   projectId, networks: [mainnet],
 *   plugins: [eip155Plugin(), portfolioPlugin({ tokens: { 'eip155:1': ['0xdAC17F958D2ee523a2206206994597C13D831ec7'] } })],
 * })
 */
export function portfolioPlugin(options: PortfolioPluginOptions = {}): PluginManifest {
  const parsed = parsePortfolioOptions(options)
  const hasTokens = Object.values(parsed.tokens).some((list) => list && list.length > 0)
  return definePlugin({
    id: 'portfolio',
    ...(hasTokens ? { activationEvents: ['onConnect'] as const } : {}),
    contributes: {
      views: [TOKENS_PANEL, NFTS_PANEL],
      // The first two Account tabs (§2: Tokens, NFTs, Activity).
      accountTabs: [
        { id: 'tokens', label: 'Tokens', panel: TOKENS_PANEL, rank: 10 },
        { id: 'nfts', label: 'NFTs', panel: NFTS_PANEL, rank: 20, when: (config) => apiCapabilities(config).nfts },
      ],
      styles:
        '.portfolio{display:flex;flex-direction:column;gap:12px}' +
        '.portfolio-total{display:flex;justify-content:space-between;align-items:baseline}' +
        '.portfolio-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}' +
        '.portfolio-row{display:flex;align-items:center;gap:12px}' +
        '.portfolio-main,.portfolio-side{display:flex;flex-direction:column;gap:2px;min-width:0}' +
        '.portfolio-main{flex:1}.portfolio-side{align-items:flex-end;text-align:end}' +
        '.portfolio-name{font-weight:600;overflow-wrap:anywhere}' +
        '.portfolio-detail{color:var(--portico-muted);font-size:calc(var(--portico-font-size-base) * 1.2)}' +
        '.nft-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:12px}' +
        '.nft{display:flex;flex-direction:column;gap:4px;min-width:0}' +
        '.nft img,.nft svg{width:100%;height:auto;aspect-ratio:1}',
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, parsed) }
    },
  })
}
