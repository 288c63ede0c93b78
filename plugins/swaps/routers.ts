import * as v from 'valibot'
import { ConfigError, SWAP_NETWORKS, isEvmAddress } from '../../kernel/index.ts'

type Hex = `0x${string}`

/** A Uniswap V2-compatible deployment on one network. */
export interface UniswapV2Router {
  readonly router: Hex
  /** Read from the router (`factory()`) when not given. */
  readonly factory?: Hex
  /** The wrapped native currency the router's ETH functions go through. */
  readonly weth: Hex
}

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
