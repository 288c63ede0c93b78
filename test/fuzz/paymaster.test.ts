import fc from 'fast-check'
import { expect, it } from 'vitest'
import { createPaymasterApp } from '../../servers/paymaster/app.ts'
import { readPaymasterOptions } from '../../servers/paymaster/options.ts'
import { casesOf, cloneableValue, hostileJsonText, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout } from './harness.ts'

// The paymaster service's JSON-RPC body (servers/paymaster) through its Hono app's request():
// valid, near-valid and hostile calls of both ERC-7677 methods. No answer is a 500, and paymaster
// data goes only to a pm_ call for the EntryPoint v0.7 on the configured chain whose packed
// fields fit in 128 bits (checked here without the service's schemas).
const PAGE = 'http://127.0.0.1:5173'
const app = createPaymasterApp({
  config: readPaymasterOptions({
    signerKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    chains: { 31337: { paymaster: '0xD44Db0A12b2217b9B9503bC14Cf6688a7cF03Eb8' } },
    allowedOrigins: [PAGE],
  }),
})

const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
// Mostly within 128 bits, so calls reach the signing; sometimes over.
const quantity = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 130n })).map((value) => `0x${value.toString(16)}`)
const userOp = fc.record({
  sender: valid.evmAddress,
  nonce: quantity,
  factory: fc.option(valid.evmAddress, { nil: undefined }),
  factoryData: fc.option(
    fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
    { nil: undefined },
  ),
  callData: fc.uint8Array({ maxLength: 256 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymasterVerificationGasLimit: fc.option(quantity, { nil: undefined }),
  paymasterPostOpGasLimit: fc.option(quantity, { nil: undefined }),
})
const call = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
  method: fc.constantFrom('pm_getPaymasterStubData', 'pm_getPaymasterData', 'eth_chainId'),
  params: fc.tuple(userOp, fc.constantFrom(ENTRY_POINT_V07, '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'), fc.oneof(fc.constant('0x7a69'), valid.hexChainId), fc.constant({})),
})
const body = fc.oneof(
  casesOf(call, cloneableValue).map((value) => {
    try {
      return JSON.stringify(value) ?? ''
    } catch {
      return '{"cyclic":'
    }
  }),
  hostileJsonText,
)

it('POST /: the JSON-RPC body', { timeout: fuzzTimeout() }, async () => {
  await fuzz({
    name: 'PaymasterParamsSchema (paymaster service POST /)',
    cases: body,
    run: async (text) => {
      const response = await app.request('/', { method: 'POST', body: text, headers: { 'content-type': 'application/json', origin: PAGE } })
      expect(response.status, `answered ${response.status}`).toBeLessThan(500)
      const answer = (await response.json()) as { result?: unknown; error?: unknown }
      expect('result' in answer !== 'error' in answer, 'a result or an error, never both or neither').toBe(true)
      if ('result' in answer) {
        const { method, params } = JSON.parse(text) as { method: string; params: [Record<string, string>, string, string] }
        const [op, entryPoint, chainId] = params
        expect(method, 'paymaster data for another method').toMatch(/^pm_getPaymaster(Stub)?Data$/)
        expect([entryPoint, BigInt(chainId)], 'paymaster data for another EntryPoint or chain').toEqual([ENTRY_POINT_V07, 31337n])
        for (const field of ['callGasLimit', 'verificationGasLimit', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
          expect(BigInt(op[field]!) < 2n ** 128n, `paymaster data over a ${field} above 128 bits`).toBe(true)
        }
      }
      return { status: response.status }
    },
    refuses: () => false,
  })
})
