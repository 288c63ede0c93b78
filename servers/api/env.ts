import { resolve } from 'node:path'
import * as v from 'valibot'
import { CAIP2_PATTERN, type CaipNetworkId } from '../../protocol/caip.ts'
import { fixedPrices } from './prices.ts'
import { ONRAMP_PROVIDERS } from './context.ts'
import type { ApiServerOptions } from './server.ts'
import type { ChainConfig } from './sources.ts'

const Port = v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535))

/** `a=1;b=2` -> [['a', '1'], ['b', '2']]; each entry split at its first '=' (URLs may hold more). */
const pairs = (text: string) =>
  text
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=')
      return at < 0 ? [entry, ''] : [entry.slice(0, at).trim(), entry.slice(at + 1).trim()]
    })

const ChainId = v.pipe(v.string(), v.regex(CAIP2_PATTERN, 'must be a CAIP-2 network id such as eip155:1'))

/** `eip155:1=https://rpc.example.com;eip155:8453=https://base.example.com` */
const Chains = v.pipe(
  v.string(),
  v.transform(pairs),
  v.array(v.tuple([ChainId, v.pipe(v.string(), v.url('must be an RPC URL'), v.regex(/^https?:\/\//, 'must be an http(s) RPC URL'))])),
  v.minLength(1, 'names at least one network'),
)

/** `eip155:1=19000000;eip155:8453=0` */
const StartBlocks = v.pipe(v.string(), v.transform(pairs), v.array(v.tuple([ChainId, v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'must be a block number'))])))

/** `eip155:1/native=3000;eip155:1/0xA0b8…=1` */
const Prices = v.pipe(
  v.string(),
  v.transform(pairs),
  v.array(
    v.tuple([
      v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/\S+$/, 'must be network/asset, e.g. eip155:1/native')),
      v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'must be a price in dollars'), v.transform(Number)),
    ]),
  ),
)

const Origins = v.pipe(
  v.string(),
  v.transform((text) =>
    text
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  v.array(v.pipe(v.string(), v.regex(/^(\*|https?:\/\/[^/\s?#]+)$/, 'must be origins like https://app.example.com, or *'))),
)

/** `coinbase=0xabc…,0xdef…;meld=0x123…`: the addresses each on-ramp provider delivers purchases from. */
const OnRampSendersEnv = v.pipe(
  v.string(),
  v.transform(pairs),
  v.array(
    v.tuple([
      v.picklist(ONRAMP_PROVIDERS, 'must be coinbase or meld'),
      v.pipe(
        v.string(),
        v.transform((text) =>
          text
            .split(',')
            .map((address) => address.trim())
            .filter(Boolean),
        ),
        v.array(v.pipe(v.string(), v.maxLength(128, 'is too long'))),
        v.minLength(1, 'names at least one address'),
      ),
    ]),
  ),
)

const Env = v.object({
  PORT: v.optional(Port, '8702'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data/api'),
  CHAINS: Chains,
  START_BLOCKS: v.optional(StartBlocks, ''),
  PRICES: v.optional(Prices, ''),
  ALLOWED_ORIGINS: v.optional(Origins, ''),
  INDEX: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'true'),
  ONRAMP_SENDERS: v.optional(OnRampSendersEnv, ''),
})

/** The API server's options from the environment, or the list of what is wrong. DATA_DIR is relative to `cwd`. */
export function optionsFromEnv(env: Record<string, string | undefined>, cwd: string): ApiServerOptions {
  const result = v.safeParse(Env, env)
  if (!result.success) {
    const problems = result.issues.map((issue) => `${issue.path?.map((item) => String(item.key)).join('.') ?? ''}: ${issue.message}`)
    throw new Error(`api server: bad environment:\n  ${problems.join('\n  ')}`)
  }
  const e = result.output
  const starts = new Map(e.START_BLOCKS)
  for (const chainId of starts.keys()) {
    if (!e.CHAINS.some(([listed]) => listed === chainId)) throw new Error(`api server: bad environment:\n  START_BLOCKS: ${chainId} is not in CHAINS`)
  }
  const chains: ChainConfig[] = e.CHAINS.map(([chainId, rpcUrl]) => ({ chainId: chainId as CaipNetworkId, rpcUrl, startBlock: BigInt(starts.get(chainId) ?? 0) }))
  const table: Record<string, Record<string, number>> = {}
  for (const [key, price] of e.PRICES) {
    const slash = key.indexOf('/')
    ;(table[key.slice(0, slash)] ??= {})[key.slice(slash + 1)] = price
  }
  return {
    port: e.PORT,
    database: e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: resolve(cwd, e.DATA_DIR) },
    chains,
    prices: fixedPrices(table),
    origins: e.ALLOWED_ORIGINS,
    index: e.INDEX === 'true',
    onrampSenders: Object.fromEntries(e.ONRAMP_SENDERS),
  }
}
