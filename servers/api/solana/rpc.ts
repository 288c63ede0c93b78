import * as v from 'valibot'

/**
 * A Solana JSON-RPC client for the indexer: plain fetch, calls grouped in JSON-RPC batches,
 * every answer through the caller's valibot schema (a node's answer is input like any
 * other). An RPC error keeps the node's code, so the source can tell a skipped slot from
 * a failure.
 */
export class SolanaRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'SolanaRpcError'
  }
}

/** The node's codes for a slot without a block: skipped (-32007, -32009), or not produced yet (-32004). */
export const NO_BLOCK_CODES: ReadonlySet<number> = new Set([-32004, -32007, -32009])

/** Calls per HTTP request: public nodes cap batches, and a short request fails alone. */
const BATCH = 100
const TIMEOUT_MS = 20_000

const Reply = v.object({
  id: v.number(),
  result: v.optional(v.unknown()),
  error: v.optional(v.object({ code: v.number(), message: v.string() })),
})

export type SolanaCall = readonly [method: string, params: readonly unknown[]]
export type SolanaRpc = <S extends v.GenericSchema>(calls: readonly SolanaCall[], schema: S) => Promise<(v.InferOutput<S> | SolanaRpcError)[]>

/**
 * `rpc(calls, schema)`: one answer per call, in order, each either its parsed result or the
 * node's error (returned, not thrown, so one skipped slot does not fail a batch). A
 * transport failure or an answer that fails `schema` throws.
 */
export function createSolanaRpc(url: string): SolanaRpc {
  return async (calls, schema) => {
    const answers: (v.InferOutput<typeof schema> | SolanaRpcError)[] = []
    for (let start = 0; start < calls.length; start += BATCH) {
      const chunk = calls.slice(start, start + BATCH)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(chunk.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
      const replies = v.parse(v.array(Reply), await response.json())
      const byId = new Map(replies.map((reply) => [reply.id, reply]))
      chunk.forEach(([method], id) => {
        const reply = byId.get(id)
        if (!reply) throw new Error(`${method}: the node left the call unanswered`)
        if (reply.error) return void answers.push(new SolanaRpcError(reply.error.code, `${method}: ${reply.error.message}`))
        const parsed = v.safeParse(schema, reply.result)
        if (!parsed.success) throw new Error(`${method}: unexpected answer (${v.summarize(parsed.issues).split('\n')[0]})`)
        answers.push(parsed.output)
      })
    }
    return answers
  }
}

/** One call whose error is a failure. */
export async function callOne<S extends v.GenericSchema>(rpc: SolanaRpc, call: SolanaCall, schema: S): Promise<v.InferOutput<S>> {
  const [answer] = await rpc([call], schema)
  if (answer instanceof SolanaRpcError) throw answer
  return answer
}
