import * as v from 'valibot'
import { type CaipNetwork, HttpRpcDefaults, HttpRpcErrorText, PorticoError } from '../../kernel/index.ts'
import { parseOrThrow } from '../../kernel/wallets/index.ts'

/** A node's answer is untrusted too: a JSON-RPC result or error, the result a hex quantity. */
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))
const RpcAnswer = v.union([v.object({ result: v.unknown() }), v.object({ error: v.object({ code: v.number(), message: v.string() }) })])

const rpcError = (issue: string) => new PorticoError(HttpRpcErrorText.RPC_ERROR, { details: `eth_getBalance: ${issue}` })

/**
 * eth_getBalance in wei on the network's own RPC url, first url first: the
 * balance is the node's, not the wallet's. Used when no eip155 plugin (and so no
 * viem transport) is there to ask.
 */
export async function nativeBalance(fetcher: typeof fetch, network: CaipNetwork, address: string): Promise<bigint> {
  const url = network.rpcUrls.default.http.find(Boolean)
  if (!url) throw new PorticoError(HttpRpcErrorText.NO_URL, { details: network.caipNetworkId })
  let response: Response
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
      signal: AbortSignal.timeout(HttpRpcDefaults.timeoutMs),
    })
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError'
    throw new PorticoError(timedOut ? HttpRpcErrorText.TIMEOUT : HttpRpcErrorText.HTTP_STATUS, { cause })
  }
  if (!response.ok) throw new PorticoError(HttpRpcErrorText.HTTP_STATUS, { details: `HTTP ${response.status}` })
  const answer = parseOrThrow(RpcAnswer, await response.json().catch(() => undefined), rpcError)
  if ('error' in answer) throw rpcError(answer.error.message.slice(0, 200))
  return BigInt(parseOrThrow(Quantity, answer.result, rpcError))
}
