import * as v from 'valibot'
import { ConfigError, isEvmAddress } from '../../kernel/index.ts'

/** What `sendPlugin()` takes. */
export interface SendPluginOptions {
  /**
   * ERC20 contracts whose `transfer` returns nothing, the shape of USDT (SPEC §9), beside
   * the built-in list of USDT's own contracts. Their transfers are checked with the ABI
   * that has no bool return; any other token must return true.
   */
  readonly usdtContracts?: readonly string[]
}

const OptionsSchema = v.object({
  usdtContracts: v.optional(v.array(v.pipe(v.string(), v.check((address: string) => isEvmAddress(address), 'must be EVM addresses (0x and 40 hex digits)'))), []),
})

export type ParsedSendOptions = v.InferOutput<typeof OptionsSchema>

/** The options checked when the app creates the plugin; a bad one throws a ConfigError naming it. */
export function parseSendOptions(options: SendPluginOptions): ParsedSendOptions {
  const parsed = v.safeParse(OptionsSchema, options)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  throw new ConfigError(`sendPlugin.${v.getDotPath(issue) ?? ''}`, issue.message)
}
