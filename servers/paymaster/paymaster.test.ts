// The paymaster service without a chain: its JSON-RPC schemas, the integrator's sponsorship
// policy, the HTTP guards, and the paymasterData layout. That the VerifyingPaymaster contract
// accepts the signature (and refuses a forged or stale one) is checked on Hardhat in
// test/unit/accountAbstraction/userOperation.test.ts, which has a node.
import { describe, expect, it } from 'vitest'
import { decodeAbiParameters, recoverMessageAddress, slice, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createPaymasterApp, MAX_BODY_BYTES } from './app.ts'
import { paymasterOptionsFromEnv } from './env.ts'
import { readPaymasterOptions, type PaymasterOptions } from './options.ts'
import { paymasterHash } from './verifyingPaymaster.ts'

const SIGNER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const SIGNER = privateKeyToAccount(SIGNER_KEY).address
const PAYMASTER = '0xD44Db0A12b2217b9B9503bC14Cf6688a7cF03Eb8'
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const PAGE = 'https://app.example'
const SENDER = '0x1111111111111111111111111111111111111111'
const OTHER_SENDER = '0x2222222222222222222222222222222222222222'
const NOW = 1_800_000_000

const userOp = (overrides: Record<string, unknown> = {}) => ({
  sender: SENDER,
  nonce: '0x0',
  callData: '0xb61d27f6',
  callGasLimit: '0x5208',
  verificationGasLimit: '0x186a0',
  preVerificationGas: '0xc350',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x3b9aca00',
  paymasterVerificationGasLimit: '0x186a0',
  paymasterPostOpGasLimit: '0x0',
  ...overrides,
})

function service(options: Partial<PaymasterOptions> = {}) {
  const app = createPaymasterApp({
    config: readPaymasterOptions({ signerKey: SIGNER_KEY, chains: { 31337: { paymaster: PAYMASTER } }, allowedOrigins: [PAGE], ...options }),
    now: () => NOW,
  })
  return async (method: string, params: unknown, init: { origin?: string; contentType?: string; body?: string } = {}) => {
    const response = await app.request('/', {
      method: 'POST',
      headers: { ...(init.origin !== '' && { origin: init.origin ?? PAGE }), 'content-type': init.contentType ?? 'application/json' },
      body: init.body ?? JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    })
    return { status: response.status, body: (await response.json()) as { result?: Record<string, Hex | boolean | object>; error?: { code: number; message: string } } }
  }
}

describe('the paymaster service (ERC-7677)', () => {
  it('answers stub data with the paymaster, its gas limits and isFinal false', async () => {
    const { body } = await service({ sponsorName: 'Portico demo' })('pm_getPaymasterStubData', [userOp(), ENTRY_POINT, '0x7a69', {}])
    expect(body.result).toMatchObject({
      paymaster: PAYMASTER,
      paymasterVerificationGasLimit: '0x186a0', // 100_000
      paymasterPostOpGasLimit: '0x0',
      isFinal: false,
      sponsor: { name: 'Portico demo' },
    })
  })

  it('signs paymasterData: validUntil 600 s from now, validAfter 0, then the signer’s EIP-191 signature of the VerifyingPaymaster hash', async () => {
    const { body } = await service()('pm_getPaymasterData', [userOp(), ENTRY_POINT, '0x7a69', {}])
    expect(body.result?.paymaster).toBe(PAYMASTER)
    const data = body.result!.paymasterData as Hex
    const [validUntil, validAfter] = decodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], slice(data, 0, 64))
    expect([validUntil, validAfter]).toEqual([NOW + 600, 0])
    const op = {
      sender: SENDER,
      nonce: 0n,
      callData: '0xb61d27f6',
      callGasLimit: 21_000n,
      verificationGasLimit: 100_000n,
      preVerificationGas: 50_000n,
      maxFeePerGas: 1_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    } as const
    const hash = paymasterHash(op, { verification: 100_000n, postOp: 0n }, PAYMASTER, 31337n, { validUntil: NOW + 600, validAfter: 0 })
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: slice(data, 64) })).toBe(SIGNER)
  })

  it('never hands out a usable signature as stub data (stubs are not counted against a cap): the stub recovers to another address', async () => {
    const { body } = await service({ maxOperationsPerSender: 1 })('pm_getPaymasterStubData', [userOp(), ENTRY_POINT, '0x7a69'])
    const data = body.result!.paymasterData as Hex
    expect(data).toHaveLength(2 + 2 * (64 + 65))
    const hash = paymasterHash(
      {
        sender: SENDER,
        nonce: 0n,
        callData: '0xb61d27f6',
        callGasLimit: 21_000n,
        verificationGasLimit: 100_000n,
        preVerificationGas: 50_000n,
        maxFeePerGas: 1_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      },
      { verification: 100_000n, postOp: 0n },
      PAYMASTER,
      31337n,
      { validUntil: NOW + 600, validAfter: 0 },
    )
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: slice(data, 64) })).not.toBe(SIGNER)
  })

  it('refuses a chain the integrator did not configure', async () => {
    const { body } = await service()('pm_getPaymasterStubData', [userOp(), ENTRY_POINT, '0x1', {}])
    expect(body.error).toEqual({ code: -32003, message: 'Not sponsored: this chain is not sponsored' })
  })

  it('sponsors only the listed senders when a list is set', async () => {
    const call = service({ senders: [SENDER] })
    expect((await call('pm_getPaymasterData', [userOp(), ENTRY_POINT, '0x7a69'])).body.result?.paymaster).toBe(PAYMASTER)
    const { body } = await call('pm_getPaymasterData', [userOp({ sender: OTHER_SENDER }), ENTRY_POINT, '0x7a69'])
    expect(body.error).toEqual({ code: -32003, message: 'Not sponsored: this sender is not sponsored' })
  })

  it('caps the operations signed per sender: 2 nonces, the same nonce again, then a third is refused; another sender is not counted', async () => {
    const call = service({ maxOperationsPerSender: 2 })
    for (const nonce of ['0x0', '0x1', '0x1']) expect((await call('pm_getPaymasterData', [userOp({ nonce }), ENTRY_POINT, '0x7a69'])).body.result).toBeDefined()
    expect((await call('pm_getPaymasterStubData', [userOp({ nonce: '0x2' }), ENTRY_POINT, '0x7a69'])).body.error?.message).toBe(
      'Not sponsored: this sender reached its limit of sponsored operations',
    )
    expect((await call('pm_getPaymasterData', [userOp({ nonce: '0x2' }), ENTRY_POINT, '0x7a69'])).body.error?.code).toBe(-32003)
    expect((await call('pm_getPaymasterData', [userOp({ sender: OTHER_SENDER }), ENTRY_POINT, '0x7a69'])).body.result).toBeDefined()
  })

  it('refuses to sign an operation that may take more than 0.01 ETH from the deposit, so one extreme fee cannot pay it out to its bundler', async () => {
    const call = service({ maxWeiPerOperation: 10_000_000_000_000_000n })
    // 10,000,000 gas (100,000 + 9,750,000 + 50,000 + 100,000 + 0) at 1 gwei: exactly 0.01 ETH.
    const atCeiling = userOp({ callGasLimit: '0x94c5f0' })
    expect((await call('pm_getPaymasterData', [atCeiling, ENTRY_POINT, '0x7a69'])).body.result?.paymasterData).toMatch(/^0x/)
    const refused = { code: -32003, message: 'Not sponsored: this operation may cost more than the sponsor pays for one' }
    expect((await call('pm_getPaymasterData', [{ ...atCeiling, maxFeePerGas: '0x3b9aca01' }, ENTRY_POINT, '0x7a69'])).body).toMatchObject({ error: refused })
    // The attack: 5,000,000 gas of calls at 10,000 gwei, about 52 ETH.
    const greedy = userOp({ nonce: '0x1', callGasLimit: '0x4c4b40', maxFeePerGas: '0x9184e72a000', maxPriorityFeePerGas: '0x9184e72a000' })
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const { body } = await call(method, [greedy, ENTRY_POINT, '0x7a69'])
      expect(body.error).toEqual(refused)
      expect(body.result).toBeUndefined()
    }
  })

  it('refuses another EntryPoint than v0.7', async () => {
    const { body } = await service()('pm_getPaymasterData', [userOp(), '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', '0x7a69'])
    expect(body.error?.code).toBe(-32602)
    expect(body.error?.message).toMatch(/only EntryPoint v0.7 is served/)
  })

  it('refuses final data without the paymaster gas limits the signature covers', async () => {
    const { body } = await service()('pm_getPaymasterData', [userOp({ paymasterVerificationGasLimit: undefined }), ENTRY_POINT, '0x7a69'])
    expect(body.error).toEqual({ code: -32602, message: 'Invalid params: paymasterVerificationGasLimit and paymasterPostOpGasLimit are required' })
  })

  it.each([
    ['a sender that is not an address', { sender: '0x1234' }],
    ['a nonce that is not a quantity', { nonce: 12 }],
    ['callData that is not hex bytes', { callData: '0xabc' }],
    ['a gas limit above 128 bits', { callGasLimit: `0x1${'0'.repeat(32)}` }],
  ])('refuses %s with Invalid params', async (_, overrides) => {
    const { body } = await service()('pm_getPaymasterData', [userOp(overrides), ENTRY_POINT, '0x7a69'])
    expect(body.error?.code).toBe(-32602)
    expect(body.error?.message).toMatch(/^Invalid params: /)
  })

  it('answers an unknown method, a body that is not JSON-RPC, and one that is not JSON', async () => {
    const call = service()
    expect((await call('eth_sendUserOperation', [])).body.error).toEqual({ code: -32601, message: 'Method not found: eth_sendUserOperation' })
    expect(await call('', undefined, { body: JSON.stringify({ id: 1, method: 'pm_getPaymasterData' }) })).toMatchObject({ status: 400, body: { error: { code: -32600 } } })
    expect(await call('', undefined, { body: '{' })).toMatchObject({ status: 400, body: { error: { code: -32700 } } })
  })

  it('refuses a post from another origin (403), without an Origin (403), or as a form (415): nothing is signed', async () => {
    const call = service()
    const params = [userOp(), ENTRY_POINT, '0x7a69']
    const foreign = await call('pm_getPaymasterData', params, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.body.result).toBeUndefined()
    expect((await call('pm_getPaymasterData', params, { origin: '' })).status).toBe(403)
    const form = await call('pm_getPaymasterData', params, { contentType: 'text/plain' })
    expect(form.status).toBe(415)
    expect(form.body.result).toBeUndefined()
  })

  it('refuses a body over 64 KB with 413 before reading it', async () => {
    expect(MAX_BODY_BYTES).toBe(65_536)
    const { status } = await service()('pm_getPaymasterData', [userOp({ callData: `0x${'ab'.repeat(40_000)}` }), ENTRY_POINT, '0x7a69'])
    expect(status).toBe(413)
  })

  it('checks the integrator’s options at start, naming the wrong field', () => {
    expect(() => readPaymasterOptions({ signerKey: '0x12', chains: { 31337: { paymaster: PAYMASTER } }, allowedOrigins: [PAGE] })).toThrow(
      /signerKey must be a 32-byte private key/,
    )
    expect(() => readPaymasterOptions({ signerKey: SIGNER_KEY, chains: {}, allowedOrigins: [PAGE] })).toThrow(/chains must name at least one chain/)
    expect(() => readPaymasterOptions({ signerKey: SIGNER_KEY, chains: { 31337: { paymaster: PAYMASTER } }, allowedOrigins: ['https://app.example/'] })).toThrow(/exact origins/)
  })
})

describe('the paymaster service’s environment', () => {
  const env = { PAYMASTER_SIGNER_KEY: SIGNER_KEY, PAYMASTER_CHAINS: `31337=${PAYMASTER}; 8453=${PAYMASTER}`, ALLOWED_ORIGINS: `${PAGE}, http://127.0.0.1:8700` }

  it('reads the signer key, chains, origins and policy; port 8713 by default', () => {
    expect(
      paymasterOptionsFromEnv({ ...env, PAYMASTER_SENDERS: SENDER, PAYMASTER_MAX_OPS_PER_SENDER: '5', PAYMASTER_MAX_WEI_PER_OP: '10000000000000000', SPONSOR_NAME: 'Acme' }),
    ).toMatchObject({
      port: 8713,
      signerKey: SIGNER_KEY,
      chains: { 31337: { paymaster: PAYMASTER }, 8453: { paymaster: PAYMASTER } },
      allowedOrigins: [PAGE, 'http://127.0.0.1:8700'],
      senders: [SENDER],
      maxOperationsPerSender: 5,
      maxWeiPerOperation: 10_000_000_000_000_000n,
      sponsorName: 'Acme',
    })
  })

  it('refuses a missing key, a bad chain entry or a bad cap, naming the variable', () => {
    expect(() => paymasterOptionsFromEnv({ ...env, PAYMASTER_SIGNER_KEY: undefined })).toThrow(/PAYMASTER_SIGNER_KEY: is required/)
    expect(() => paymasterOptionsFromEnv({ ...env, PAYMASTER_CHAINS: 'mainnet=0x12' })).toThrow(/chains/)
    expect(() => paymasterOptionsFromEnv({ ...env, PAYMASTER_MAX_OPS_PER_SENDER: '0' })).toThrow(/PAYMASTER_MAX_OPS_PER_SENDER: must be a whole number above 0/)
    expect(() => paymasterOptionsFromEnv({ ...env, PAYMASTER_MAX_WEI_PER_OP: '0.01' })).toThrow(/PAYMASTER_MAX_WEI_PER_OP: must be an amount in wei above 0/)
  })
})
