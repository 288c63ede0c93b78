import * as v from 'valibot'

const RpcResponse = v.object({
  result: v.optional(v.unknown()),
  error: v.optional(v.object({ message: v.string() })),
})

/** One JSON-RPC call to a network's node (the rpcUrl the host's SYNC_DAPP_DATA named). */
export async function jsonRpc(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    credentials: 'omit',
  })
  const body = v.parse(RpcResponse, await response.json())
  if (body.error) throw new Error(body.error.message)
  return body.result
}
