import * as v from 'valibot'
import { PorticoError } from '../errors/base.ts'
import { RPC_METHOD_NOT_ALLOWED } from '../errors/firstScreenTexts.ts'
import type { Disposer } from '../disposer.ts'
import type { TransactionKit } from './checkedTransaction.ts'
import { safeParse } from '../../protocol/parse.ts'

/** An RPC request: method plus params. */
export const RpcRequestSchema = v.object({
  method: v.pipe(v.string(), v.minLength(1)),
  params: v.optional(v.unknown()),
})
export type RpcRequest = v.InferOutput<typeof RpcRequestSchema>

export type RpcHandler = (params: unknown) => Promise<unknown>

export interface RpcRegistry {
  register(method: string, handler: RpcHandler): Disposer
  /** Validates, loads the contributing plugin if needed, and runs the handler. */
  request(request: unknown): Promise<unknown>
}

export interface RpcRegistryDeps {
  /** Loads the plugin contributing `method`; false when no enabled plugin does. */
  loadOwner(method: string): Promise<boolean>
  /** Whether an enabled plugin declares `method` (contributed methods are allowed). */
  isContributed(method: string): boolean
  onRejected(method: string, reason: string): void
  /** Sends an allowed method no plugin handles to the connected wallet. */
  forward(request: RpcRequest): Promise<unknown>
  /** What the transaction checks (SPEC §5) read and tell; without it only the checks run. */
  transactionKit?(): TransactionKit
  /** Told when an unsafe method (one the wallet approves) has succeeded. */
  onUnsafeSucceeded?(method: string): void
}

export function createRpcRegistry(deps: RpcRegistryDeps): RpcRegistry {
  const handlers = new Map<string, RpcHandler>()

  // The allow lists come with the first request, not with the page (nothing on the first
  // screen imports them: kernel/index.ts does not re-export them, `portico/plugin` does).
  const isAllowed = async (method: string) => {
    if (deps.isContributed(method)) return true
    const { isSafeRpcMethod, isUnsafeRpcMethod } = await import('./methods.ts')
    return isSafeRpcMethod(method) || isUnsafeRpcMethod(method)
  }

  return {
    register(method, handler) {
      if (handlers.has(method)) throw new PorticoError(`RPC method "${method}" already has a handler`)
      handlers.set(method, handler)
      return () => {
        if (handlers.get(method) === handler) handlers.delete(method)
      }
    },
    async request(input) {
      // The kernel's safeParse: an input whose getters or Proxy traps throw is malformed, not a crash.
      const parsed = safeParse(RpcRequestSchema, input)
      if (!parsed) {
        throw new PorticoError(RPC_METHOD_NOT_ALLOWED, { details: 'malformed request' })
      }
      const { method, params } = parsed
      if (!(await isAllowed(method))) {
        deps.onRejected(method, RPC_METHOD_NOT_ALLOWED)
        throw new PorticoError(RPC_METHOD_NOT_ALLOWED, { details: method })
      }
      if (!handlers.has(method)) await deps.loadOwner(method)
      const handler = handlers.get(method)
      const run = () => (handler ? handler(params) : deps.forward(parsed))
      // eth_sendTransaction and eth_signTransaction are checked (SPEC §5) before any wallet sees them;
      // the checks load with the first transaction, like the allow lists, not with the page.
      const result = await (/^eth_s(end|ign)Transaction$/.test(method)
        ? (await import('./checkedTransaction.ts')).checkedTransaction(method, params, deps.transactionKit?.(), run)
        : run())
      if (deps.onUnsafeSucceeded) {
        const { isUnsafeRpcMethod } = await import('./methods.ts')
        if (isUnsafeRpcMethod(method)) deps.onUnsafeSucceeded(method)
      }
      return result
    },
  }
}
