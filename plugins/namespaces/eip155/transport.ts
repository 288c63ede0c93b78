import {
  BaseError,
  type Chain,
  HttpRequestError,
  type Client,
  type FallbackTransport,
  type HttpTransport,
  RpcRequestError,
  TimeoutError,
  UrlRequiredError,
  createClient,
  fallback,
  http,
} from 'viem'
import * as v from 'valibot'
import { type CaipNetwork, type CaipNetworkId, HttpRpcDefaults, HttpRpcErrorText, PorticoError } from '../../../kernel/index.ts'
import { parseOrThrow } from '../../../kernel/wallets/index.ts'

/**
 * A bare viem client. Not `createPublicClient`: its decorator pulls every public
 * action into the chunk, and even viem's `getBalance` action brings `call`,
 * multicall and the ABI coder (~90 kB) for a feature we do not use. The one
 * request we need is sent directly (see `getNativeBalance`).
 */
export type RpcClient = Client<FallbackTransport<readonly HttpTransport[]>, Chain>

/** Public-RPC clients of one kit, one per network. */
export interface RpcClients {
  /** The network's client, created on first use and then reused. Throws viem's UrlRequiredError when it has no url. */
  client(network: CaipNetwork): RpcClient
  clear(): void
}

/**
 * Public RPC goes through this one HTTP transport: JSON-RPC over HTTP
 * with a 10 s timeout, batches of up to 1000 requests sent at once (wait 0),
 * and fallback across the network's endpoints in order.
 *
 * The cache lives in the adapter, not the module, so two kits on a page never
 * share a client (no module-level singletons).
 */
export function createRpcClients(): RpcClients {
  const clients = new Map<CaipNetworkId, RpcClient>()
  return {
    client(network) {
      let client = clients.get(network.caipNetworkId)
      if (!client) {
        const transports = network.rpcUrls.default.http.map((url) =>
          http(url, {
            batch: { batchSize: HttpRpcDefaults.batchSize, wait: HttpRpcDefaults.batchWaitMs },
            timeout: HttpRpcDefaults.timeoutMs,
          }),
        )
        client = createClient({ chain: toViemChain(network), transport: fallback(transports) })
        clients.set(network.caipNetworkId, client)
      }
      return client
    },
    clear: () => clients.clear(),
  }
}

/** viem's chain shape for a Portico network; only what the public client reads. */
export function toViemChain(network: CaipNetwork): Chain {
  const explorer = network.blockExplorers?.['default']
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(explorer ? { blockExplorers: { default: explorer } } : {}),
    testnet: network.testnet,
  }
}

/** A node's answer is untrusted too: a hex quantity, or a clear error. */
const QuantitySchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))

/** `eth_getBalance` at the latest block, in wei. */
export async function getNativeBalance(client: RpcClient, address: `0x${string}`): Promise<bigint> {
  const answer: unknown = await client.request({ method: 'eth_getBalance', params: [address, 'latest'] })
  const quantity = parseOrThrow(QuantitySchema, answer, (issue) => new PorticoError(HttpRpcErrorText.RPC_ERROR, { details: `eth_getBalance: ${issue}` }))
  return BigInt(quantity)
}

/** viem's four HTTP RPC failures and the catalogue text each one is shown as. */
const HTTP_RPC_ERRORS = [
  [UrlRequiredError, HttpRpcErrorText.NO_URL],
  [TimeoutError, HttpRpcErrorText.TIMEOUT],
  [HttpRequestError, HttpRpcErrorText.HTTP_STATUS],
  [RpcRequestError, HttpRpcErrorText.RPC_ERROR],
] as const

/**
 * Maps a public-RPC failure to its catalogue text. viem wraps node errors
 * (an `RpcRequestError` becomes the `cause` of e.g. `InvalidParamsRpcError`), so
 * the cause chain is searched. Anything else is passed through unchanged.
 *
 * @example
 * await getNativeBalance(client, address).catch((error) => { throw toHttpRpcError(error) })
 */
export function toHttpRpcError(error: unknown): unknown {
  if (!(error instanceof BaseError)) return error
  for (const [ErrorClass, text] of HTTP_RPC_ERRORS) {
    const match = error instanceof ErrorClass ? error : error.walk((e) => e instanceof ErrorClass)
    if (match) return new PorticoError(text, { details: (match as BaseError).shortMessage, cause: error })
  }
  return error
}
