import { decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem'
import { PorticoError } from '../../kernel/index.ts'
import type { ChainReader } from './provider.ts'
import type { SwapOption } from './tokens.ts'

/** A token the account's portfolio does not list (a swap's `to` from `kit.open`), read on chain. */
export async function readToken(chain: ChainReader, address: `0x${string}`, owner: `0x${string}`): Promise<SwapOption> {
  const read = async <F extends 'name' | 'symbol' | 'decimals' | 'balanceOf'>(functionName: F, args: readonly unknown[] = []) => {
    const data = await chain.call(address, encodeFunctionData({ abi: erc20Abi, functionName, args } as never))
    try {
      return decodeFunctionResult({ abi: erc20Abi, functionName, data } as never) as unknown
    } catch (cause) {
      throw new PorticoError(`swaps: ${address} is not an ERC20 token (${functionName})`, { cause })
    }
  }
  const [name, symbol, decimals, balance] = await Promise.all([read('name'), read('symbol'), read('decimals'), read('balanceOf', [owner])])
  if (typeof symbol !== 'string' || typeof name !== 'string' || typeof decimals !== 'number' || typeof balance !== 'bigint') {
    throw new PorticoError(`swaps: ${address} is not an ERC20 token`)
  }
  return { address, name, symbol, decimals, balance }
}
