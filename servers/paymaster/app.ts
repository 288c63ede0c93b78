import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import * as v from 'valibot'
import { numberToHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { checkStateChange, describeRefusal } from '../common/stateChange.ts'
import type { PaymasterConfig } from './options.ts'
import { REFUSAL_TEXT, createSponsorshipPolicy, maxOperationCost } from './policy.ts'
import { PAYMASTER_METHODS, PaymasterParamsSchema, RpcRequestSchema, isServedEntryPoint, type UserOperationInput } from './schemas.ts'
import { paymasterData, paymasterHash, type ValidityWindow } from './verifyingPaymaster.ts'

/** A user operation is a few KB; anything far larger is refused before it is read. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * The paymaster gas limits the stub answers (the wallet puts them in the operation, and the
 * final data is signed over what it carries): the VerifyingPaymaster's validation (one
 * ecrecover) takes about 30k gas, and it has no postOp.
 */
const STUB_GAS = { verification: 100_000n, postOp: 0n }

const carriedGas = (op: UserOperationInput) =>
  op.paymasterVerificationGasLimit === undefined || op.paymasterPostOpGasLimit === undefined
    ? undefined
    : { verification: op.paymasterVerificationGasLimit, postOp: op.paymasterPostOpGasLimit }

/** JSON-RPC error codes (EIP-1474): -32003 is "transaction rejected", used for what the policy refuses. */
const ERRORS = { parse: -32700, request: -32600, method: -32601, params: -32602, refused: -32003 } as const

type RpcId = string | number | null
const rpcError = (c: Context, id: RpcId, code: number, message: string, status: 200 | 400 | 403 | 413 | 415 = 200) =>
  c.json({ jsonrpc: '2.0', id, error: { code, message } }, status)

const issuesText = (issues: readonly v.BaseIssue<unknown>[]) => issues.map((issue) => `${v.getDotPath(issue) ?? 'params'} ${issue.message}`).join('; ')

export interface PaymasterAppOptions {
  readonly config: PaymasterConfig
  /** Unix seconds now (tests move it). */
  readonly now?: () => number
}

/** ERC-7677's pm_getPaymasterStubData and pm_getPaymasterData over JSON-RPC at POST /, for the configured chains. */
export function createPaymasterApp({ config, now = () => Math.floor(Date.now() / 1000) }: PaymasterAppOptions): Hono {
  const signer = privateKeyToAccount(config.signerKey)
  // The stub's signature has the real one's form, so gas is estimated over the same validation
  // code, but it is made with a throwaway key: the contract refuses it, so stub data (never
  // counted against a cap) cannot be sent as a sponsored operation.
  const stubSigner = privateKeyToAccount(generatePrivateKey())
  const policy = createSponsorshipPolicy(config)
  const allowed = new Set(config.allowedOrigins)
  const sponsor = config.sponsorName ? { sponsor: { name: config.sponsorName } } : {}
  const app = new Hono()
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    await next()
  })
  app.use('*', cors({ origin: (origin) => (allowed.has(origin) ? origin : null), allowMethods: ['POST'], allowHeaders: ['content-type'] }))
  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => rpcError(c, null, ERRORS.request, `Invalid request: the body is larger than ${MAX_BODY_BYTES / 1024} KB`, 413) }),
  )
  app.use('*', async (c, next) => {
    const refusal = checkStateChange(c.req.method, c.req.raw.headers, { allowsOrigin: (origin) => allowed.has(origin), json: true })
    if (refusal) return rpcError(c, null, ERRORS.request, `Invalid request: ${describeRefusal(refusal)}`, refusal.status)
    await next()
  })

  const signed = async (by: PrivateKeyAccount, op: UserOperationInput, chainId: bigint, paymaster: Address, gas: { verification: bigint; postOp: bigint }) => {
    const window: ValidityWindow = { validUntil: now() + config.validForSeconds, validAfter: 0 }
    return paymasterData(by, paymasterHash(op, gas, paymaster, chainId, window), window)
  }

  app.post('/', async (c) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return rpcError(c, null, ERRORS.parse, 'Parse error: the body is not JSON', 400)
    }
    const request = v.safeParse(RpcRequestSchema, body)
    if (!request.success) return rpcError(c, null, ERRORS.request, `Invalid request: ${issuesText(request.issues)}`, 400)
    const { id, method } = request.output
    if (!v.is(v.picklist(PAYMASTER_METHODS), method)) return rpcError(c, id, ERRORS.method, `Method not found: ${method}`)
    const params = v.safeParse(PaymasterParamsSchema, request.output.params)
    if (!params.success) return rpcError(c, id, ERRORS.params, `Invalid params: ${issuesText(params.issues)}`)
    const [op, entryPoint, chainId] = params.output
    if (!isServedEntryPoint(entryPoint)) return rpcError(c, id, ERRORS.params, `Invalid params: only EntryPoint v0.7 is served, not ${entryPoint}`)
    const stub = method === 'pm_getPaymasterStubData'
    // The final signature covers the paymaster's gas limits, so they must be the ones the operation carries.
    const gas = stub ? STUB_GAS : carriedGas(op)
    if (!gas) return rpcError(c, id, ERRORS.params, 'Invalid params: paymasterVerificationGasLimit and paymasterPostOpGasLimit are required')
    const refusal = policy.check(chainId, op.sender, op.nonce, maxOperationCost(op, gas))
    if (refusal) return rpcError(c, id, ERRORS.refused, REFUSAL_TEXT[refusal])
    const { paymaster } = config.chains[chainId.toString()]!

    if (stub) {
      return c.json({
        jsonrpc: '2.0',
        id,
        result: {
          ...sponsor,
          paymaster,
          paymasterData: await signed(stubSigner, op, chainId, paymaster, gas),
          paymasterVerificationGasLimit: numberToHex(gas.verification),
          paymasterPostOpGasLimit: numberToHex(gas.postOp),
          isFinal: false,
        },
      })
    }
    const data = await signed(signer, op, chainId, paymaster, gas)
    policy.record(chainId, op.sender, op.nonce)
    return c.json({ jsonrpc: '2.0', id, result: { paymaster, paymasterData: data } })
  })
  app.notFound((c) => rpcError(c, null, ERRORS.request, 'Not found: the service answers POST / only', 400))
  return app
}
