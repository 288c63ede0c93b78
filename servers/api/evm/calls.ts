import { type Address, type Hex, type PublicClient, decodeAbiParameters, decodeFunctionResult, encodeFunctionData, hexToString, multicall3Abi, size } from 'viem'

/** Multicall3's address: the same on every chain that has it (a fresh Hardhat node does not). */
const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

export interface Call {
  readonly to: Address
  readonly data: Hex
}

/**
 * Read-only calls that may each fail (a token without `name()`, a contract that is not a
 * token): the return data of each, or undefined for a call that reverted or returned
 * nothing. One eth_call through Multicall3 where the chain has it; otherwise plain
 * eth_calls, which the client's HTTP transport sends as one JSON-RPC batch. Whether the
 * chain has Multicall3 is asked once. A chain that does not answer rejects.
 */
export function createCaller(client: PublicClient): (calls: readonly Call[]) => Promise<(Hex | undefined)[]> {
  let hasMulticall: Promise<boolean> | undefined
  const multicallDeployed = () => {
    hasMulticall ??= client.getCode({ address: MULTICALL3 }).then(
      (code) => code !== undefined && code !== '0x',
      (error: unknown) => {
        hasMulticall = undefined
        throw error
      },
    )
    return hasMulticall
  }
  return async (calls) => {
    if (calls.length === 0) return []
    if (await multicallDeployed()) {
      const { data } = await client.call({
        to: MULTICALL3,
        data: encodeFunctionData({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          args: [calls.map((call) => ({ target: call.to, allowFailure: true, callData: call.data }))],
        }),
      })
      const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: data ?? '0x' })
      return results.map((result) => (result.success && result.returnData !== '0x' ? result.returnData : undefined))
    }
    return Promise.all(
      calls.map((call) =>
        client.call({ to: call.to, data: call.data }).then(
          ({ data }) => (data && data !== '0x' ? data : undefined),
          (error: unknown) => {
            // A revert is the contract's answer; a transport failure means the node did not answer.
            if (isTransportFailure(error)) throw error
            return undefined
          },
        ),
      ),
    )
  }
}

const TRANSPORT_ERRORS = new Set(['HttpRequestError', 'TimeoutError', 'WebSocketRequestError', 'SocketClosedError'])

function isTransportFailure(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (TRANSPORT_ERRORS.has(cause.name)) return true
  }
  return false
}

/** A `string` return, or a `bytes32` one (early tokens such as MKR), or undefined. */
export function decodeText(data: Hex | undefined): string | undefined {
  if (!data) return undefined
  try {
    return decodeAbiParameters([{ type: 'string' }], data)[0]
  } catch {
    if (size(data) !== 32) return undefined
    return hexToString(data).replace(/\0+$/, '')
  }
}

/** A `uint256` (or smaller uint) return, or undefined. */
export function decodeUint(data: Hex | undefined): bigint | undefined {
  if (!data || size(data) !== 32) return undefined
  return decodeAbiParameters([{ type: 'uint256' }], data)[0]
}
