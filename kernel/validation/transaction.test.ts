import { describe, expect, it } from 'vitest'
import { TransactionCheckError } from '../errors/transaction.ts'
import { type CheckedTransaction, checkRpcTransaction, checkTransaction } from './transaction.ts'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const KEY_32 = `0x${'00'.repeat(31)}01`
const BLOB_V1 = `0x01${'ab'.repeat(31)}`
const GWEI = 1_000_000_000n

const refusal = (run: () => void): TransactionCheckError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(TransactionCheckError)
    return error as TransactionCheckError
  }
  throw new Error('the transaction was not refused')
}
const refused = (tx: CheckedTransaction, cap?: bigint) => refusal(() => checkTransaction(tx, { maxFeePerGasCap: cap }))

describe('checkTransaction: the SPEC §5 serialization checks', () => {
  it('passes a well-formed transaction of each kind', () => {
    expect(() => checkTransaction({ chainId: 1, from: ALICE, to: BOB, maxFeePerGas: 30n * GWEI, maxPriorityFeePerGas: 2n * GWEI })).not.toThrow()
    expect(() => checkTransaction({ chainId: 1, to: BOB, gasPrice: 30n * GWEI })).not.toThrow()
    expect(() => checkTransaction({ chainId: 1, to: BOB, gasPrice: 1n, accessList: [{ address: BOB, storageKeys: [KEY_32] }] })).not.toThrow()
    expect(() => checkTransaction({ chainId: 1, to: BOB, maxFeePerGas: 1n, blobVersionedHashes: [BLOB_V1] })).not.toThrow()
    expect(() => checkTransaction({ to: null })).not.toThrow()
  })

  it('chain id above zero: 0 and -1 are refused, 1 passes', () => {
    const error = refused({ chainId: 0, to: BOB })
    expect(error.reason).toBe('CHAIN_ID')
    expect(error.shortMessage).toBe('The transaction needs a chain id above zero')
    expect(error.name).toBe('TransactionCheckError')
    expect(refused({ chainId: -1 }).reason).toBe('CHAIN_ID')
    expect(() => checkTransaction({ chainId: 1 })).not.toThrow()
  })

  it('valid addresses: from, to and access-list addresses of 0x plus 40 hex digits', () => {
    expect(refused({ to: '0x1234' }).shortMessage).toBe('The transaction contains an invalid address')
    expect(refused({ from: BOB.slice(2) }).reason).toBe('ADDRESS')
    expect(refused({ to: `0x${'g'.repeat(40)}` }).reason).toBe('ADDRESS')
    expect(refused({ gasPrice: 1n, accessList: [{ address: '0xdead', storageKeys: [] }] }).details).toContain('accessList[0].address')
    expect(() => checkTransaction({ from: ALICE.toUpperCase().replace('0X', '0x'), to: BOB })).not.toThrow()
  })

  it('max fee not above the cap: 500 gwei passes a 500 gwei cap, 500 gwei + 1 wei does not; the gas price too', () => {
    const cap = 500n * GWEI
    expect(() => checkTransaction({ maxFeePerGas: 500_000_000_000n }, { maxFeePerGasCap: cap })).not.toThrow()
    const error = refused({ maxFeePerGas: 500_000_000_001n }, cap)
    expect(error.shortMessage).toBe('The transaction’s max fee is above the limit this app allows')
    expect(error.details).toBe('500000000001 wei is above the cap of 500000000000 wei')
    expect(refused({ gasPrice: 500_000_000_001n }, cap).reason).toBe('FEE_CAP')
  })

  it('without a cap set, the cap is 2^256 - 1', () => {
    expect(() => checkTransaction({ maxFeePerGas: 2n ** 256n - 1n })).not.toThrow()
    expect(refused({ maxFeePerGas: 2n ** 256n }).reason).toBe('FEE_CAP')
  })

  it('priority fee not above max fee: equal passes, 1 wei more is refused', () => {
    expect(() => checkTransaction({ maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 2n * GWEI })).not.toThrow()
    const error = refused({ maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 2n * GWEI + 1n })
    expect(error.reason).toBe('TIP_ABOVE_FEE_CAP')
    expect(error.shortMessage).toBe('The transaction’s priority fee is above its max fee')
  })

  it('storage keys of 32 bytes: 31 and 33 bytes are refused', () => {
    const list = (key: string) => ({ gasPrice: 1n, accessList: [{ address: BOB, storageKeys: [key] }] })
    expect(refused(list(`0x${'11'.repeat(31)}`)).shortMessage).toBe('A storage key of the transaction is not 32 bytes long')
    expect(refused(list(`0x${'11'.repeat(33)}`)).reason).toBe('STORAGE_KEY_SIZE')
    expect(refused(list(`0x${'1'.repeat(63)}`)).reason).toBe('STORAGE_KEY_SIZE')
  })

  it('blob hashes: none, 31 bytes, and version 0 or 2 are refused; version 1 of 32 bytes passes', () => {
    expect(refused({ type: 'eip4844', blobVersionedHashes: [] }).shortMessage).toBe('The blob transaction has no blob hashes')
    expect(refused({ type: 'eip4844' }).reason).toBe('BLOB_HASHES_EMPTY')
    expect(refused({ blobVersionedHashes: [`0x01${'ab'.repeat(30)}`] }).shortMessage).toBe('A blob hash of the transaction is not 32 bytes long')
    expect(refused({ blobVersionedHashes: [`0x00${'ab'.repeat(31)}`] }).shortMessage).toBe('A blob hash of the transaction has the wrong version')
    expect(refused({ blobVersionedHashes: [`0x02${'ab'.repeat(31)}`] }).details).toContain('version 2')
  })

  it('legacy and EIP-2930 refuse fee-market fields, by type or by a gas price', () => {
    const text = 'A legacy or EIP-2930 transaction cannot have max fee fields'
    expect(refused({ type: 'legacy', maxFeePerGas: 1n }).shortMessage).toBe(text)
    expect(refused({ type: 'eip2930', maxPriorityFeePerGas: 1n }).reason).toBe('FEE_MARKET_FIELDS')
    expect(refused({ gasPrice: 1n, maxFeePerGas: 1n }).reason).toBe('FEE_MARKET_FIELDS')
    expect(refused({ gasPrice: 1n, accessList: [], maxPriorityFeePerGas: 1n }).details).toContain('eip2930')
  })
})

describe('checkRpcTransaction: an eth_sendTransaction request as JSON-RPC sends it', () => {
  const check = (tx: unknown, cap?: bigint) => refusal(() => checkRpcTransaction([tx], { maxFeePerGasCap: cap }))

  it('reads hex quantities and the type number', () => {
    expect(() => checkRpcTransaction([{ from: ALICE, to: BOB, value: '0x1', chainId: '0x1', type: '0x2', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' }])).not.toThrow()
    expect(check({ chainId: '0x0' }).reason).toBe('CHAIN_ID')
    expect(check({ type: '0x0', maxFeePerGas: '0x1' }).reason).toBe('FEE_MARKET_FIELDS')
    expect(check({ type: '0x1', gasPrice: '0x1', maxFeePerGas: '0x1' }).reason).toBe('FEE_MARKET_FIELDS')
    expect(check({ maxFeePerGas: '0x746a528801' }, 500n * GWEI).reason).toBe('FEE_CAP') // 500 gwei + 1 wei
    expect(check({ type: '0x3', blobVersionedHashes: [] }).reason).toBe('BLOB_HASHES_EMPTY')
  })

  it('refuses a malformed transaction as such, with the field named', () => {
    expect(check({ maxFeePerGas: 12 }).shortMessage).toBe('The transaction is not well formed')
    expect(check({ maxFeePerGas: '12' }).details).toContain('maxFeePerGas')
    expect(check({ type: '0x9' }).reason).toBe('MALFORMED')
    expect(refusal(() => checkRpcTransaction([])).reason).toBe('MALFORMED')
    expect(refusal(() => checkRpcTransaction('0x')).reason).toBe('MALFORMED')
  })
})
