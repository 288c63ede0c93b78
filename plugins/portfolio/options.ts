import * as v from 'valibot'
import type { DirectTokens } from '../../kernel/api/provide.ts'
import { ConfigError, isEvmAddress } from '../../kernel/index.ts'

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
const EvmAddress = v.pipe(v.string(), v.check((address: string) => isEvmAddress(address), 'must be EVM addresses (0x and 40 hex digits)'))

const OptionsSchema = v.object({
  tokens: v.optional(v.record(EvmNetworkId, v.array(EvmAddress)), {}),
})

export interface ParsedPortfolioOptions {
  readonly tokens: DirectTokens
}

/** The options checked when the app creates the plugin; a bad one throws a ConfigError naming it. */
export function parsePortfolioOptions(options: PortfolioPluginOptions): ParsedPortfolioOptions {
  const parsed = v.safeParse(OptionsSchema, options)
  if (parsed.success) return parsed.output as ParsedPortfolioOptions
  const issue = parsed.issues[0]
  throw new ConfigError(`portfolioPlugin.${v.getDotPath(issue) ?? ''}`, issue.message)
}
