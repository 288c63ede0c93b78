import { type Abi, decodeFunctionResult, encodeFunctionData, maxUint256, numberToHex, zeroAddress } from 'viem'
import { PorticoError } from '../../kernel/index.ts'
import type { ChainReader, SwapProvider, SwapQuote, SwapTransaction } from './provider.ts'
import type { UniswapV2Router } from './contract.ts'
import { minimumReceived, priceImpactBps } from './rules.ts'

type Hex = `0x${string}`

const ROUTER_ABI = [
  { type: 'function', name: 'factory', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  {
    type: 'function',
    name: 'getAmountsOut',
    stateMutability: 'view',
    inputs: [{ type: 'uint256' }, { type: 'address[]' }],
    outputs: [{ type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForTokens',
    stateMutability: 'nonpayable',
    inputs: [{ type: 'uint256' }, { type: 'uint256' }, { type: 'address[]' }, { type: 'address' }, { type: 'uint256' }],
    outputs: [{ type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [{ type: 'uint256' }, { type: 'address[]' }, { type: 'address' }, { type: 'uint256' }],
    outputs: [{ type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForETH',
    stateMutability: 'nonpayable',
    inputs: [{ type: 'uint256' }, { type: 'uint256' }, { type: 'address[]' }, { type: 'address' }, { type: 'uint256' }],
    outputs: [{ type: 'uint256[]' }],
  },
] as const satisfies Abi

const FACTORY_ABI = [
  { type: 'function', name: 'getPair', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'address' }], outputs: [{ type: 'address' }] },
] as const satisfies Abi

const PAIR_ABI = [
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  {
    type: 'function',
    name: 'getReserves',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }],
  },
] as const satisfies Abi

/** `approve` without its return value: USDT's returns nothing, and the transaction is not simulated. */
const ERC20_ABI = [
  { type: 'function', name: 'allowance', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'address' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] },
] as const satisfies Abi

/** One `eth_call`, its answer decoded with the function's ABI; a malformed answer is a clear error. */
async function read<const TAbi extends Abi>(chain: ChainReader, to: Hex, abi: TAbi, functionName: string, args: readonly unknown[], blockNumber?: bigint) {
  const data = encodeFunctionData({ abi, functionName, args } as never)
  const answer = await chain.call(to, data, blockNumber)
  try {
    return decodeFunctionResult({ abi, functionName, data: answer } as never) as unknown
  } catch (cause) {
    throw new PorticoError(`swaps: ${functionName} on ${to} answered what its ABI cannot decode`, { cause })
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The built-in swap provider: quotes with the router's `getAmountsOut` over the direct pool
 * (its reserves give the price impact), approves the router once, and swaps with
 * `swapExactTokensForTokens` or its ETH variants (the native currency goes through WETH).
 */
export function createUniswapV2Provider(routers: Readonly<Record<string, UniswapV2Router>>): SwapProvider {
  const factories = new Map<string, Promise<Hex>>()

  const routerOf = (network: string) => {
    const config = routers[network]
    if (!config) throw new PorticoError(`swaps: no router is configured for ${network}`)
    return config
  }

  const factoryOf = (network: string, chain: ChainReader): Promise<Hex> => {
    const config = routerOf(network)
    if (config.factory) return Promise.resolve(config.factory)
    let factory = factories.get(network)
    if (!factory) {
      factory = read(chain, config.router, ROUTER_ABI, 'factory', []) as Promise<Hex>
      factory.catch(() => factories.delete(network))
      factories.set(network, factory)
    }
    return factory
  }

  const pathOf = (quote: Pick<SwapQuote, 'network' | 'from' | 'to'>): readonly [Hex, Hex] => {
    const { weth } = routerOf(quote.network)
    return [quote.from.address ?? weth, quote.to.address ?? weth]
  }

  return {
    supports: (network) => Object.hasOwn(routers, network),

    async quote(request, chain) {
      const [tokenIn, tokenOut] = pathOf(request)
      // The same token, or the native currency against its own wrapped form: nothing to swap.
      if (same(tokenIn, tokenOut) || request.amountIn <= 0n) return undefined
      const { number: blockNumber } = await chain.latestBlock()
      const factory = await factoryOf(request.network, chain)
      const pair = (await read(chain, factory, FACTORY_ABI, 'getPair', [tokenIn, tokenOut], blockNumber)) as Hex
      if (same(pair, zeroAddress)) return undefined
      const [token0, reserves] = await Promise.all([
        read(chain, pair, PAIR_ABI, 'token0', [], blockNumber) as Promise<Hex>,
        read(chain, pair, PAIR_ABI, 'getReserves', [], blockNumber) as Promise<readonly [bigint, bigint, number]>,
      ])
      const [reserveIn, reserveOut] = same(token0, tokenIn) ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]]
      // A pool with no liquidity offers no swap (the router would revert).
      if (reserveIn === 0n || reserveOut === 0n) return undefined
      const amounts = (await read(chain, routerOf(request.network).router, ROUTER_ABI, 'getAmountsOut', [request.amountIn, [tokenIn, tokenOut]], blockNumber)) as readonly bigint[]
      const amountOut = amounts.at(-1)
      if (amountOut === undefined || amountOut <= 0n) return undefined
      return {
        network: request.network,
        from: request.from,
        to: request.to,
        amountIn: request.amountIn,
        amountOut,
        amountOutMin: minimumReceived(amountOut),
        priceImpactBps: priceImpactBps({ amountIn: request.amountIn, amountOut, reserveIn, reserveOut }),
        blockNumber,
      }
    },

    async approvals(quote, owner, chain) {
      const token = quote.from.address
      if (!token) return []
      const { router } = routerOf(quote.network)
      const allowance = (await read(chain, token, ERC20_ABI, 'allowance', [owner, router])) as bigint
      if (allowance >= quote.amountIn) return []
      const approve = (amount: bigint): SwapTransaction => ({
        from: owner,
        to: token,
        data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [router, amount] }),
      })
      // USDT-shaped tokens refuse to change a non-zero allowance to another non-zero one: back to 0 first.
      return allowance > 0n ? [approve(0n), approve(maxUint256)] : [approve(maxUint256)]
    },

    swap(quote, owner, deadline) {
      const { router } = routerOf(quote.network)
      const path = pathOf(quote)
      if (!quote.from.address) {
        const data = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [quote.amountOutMin, path, owner, deadline] })
        return { from: owner, to: router, data, value: numberToHex(quote.amountIn) }
      }
      const functionName = quote.to.address ? 'swapExactTokensForTokens' : 'swapExactTokensForETH'
      const data = encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [quote.amountIn, quote.amountOutMin, path, owner, deadline] })
      return { from: owner, to: router, data }
    },
  }
}
