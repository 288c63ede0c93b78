import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TransactionCheckError } from '../../../kernel/errors/transaction.ts'
import { freePort } from '../../../test/peers/freePort.ts'
import { type HardhatNode, rpc, startHardhat } from '../../../test/peers/hardhat.ts'
import { evmSigningRequest } from './evm.ts'
import { generateSecret } from './keys.ts'

// The frame checks a transaction (SPEC §5) before its key could sign it: what the dapp wrote,
// before the node is asked, and the fees the node filled in, against the app's cap.
const secret = generateSecret('eip155')
const address = privateKeyToAccount(bytesToHex(secret)).address
const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const GWEI = 1_000_000_000n

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(TransactionCheckError)
  return error as TransactionCheckError
}

describe('the frame checks a transaction before any node is asked', () => {
  // Port 1: nothing answers there, so a refusal that came after a node call would be a fetch error instead.
  const offline = { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:1', maxFeePerGasCap: `${500n * GWEI}` }

  it('a gas price with a max fee (a legacy transaction with fee-market fields) is refused', async () => {
    const error = await refusal(evmSigningRequest('eth_sendTransaction', [{ to: TO, gasPrice: '0x1', maxFeePerGas: '0x1' }], offline, address))
    expect(error.reason).toBe('FEE_MARKET_FIELDS')
  })

  it('a max fee of 500 gwei + 1 wei above the app’s 500 gwei cap is refused; a priority fee above the max fee too', async () => {
    expect((await refusal(evmSigningRequest('eth_sendTransaction', [{ to: TO, maxFeePerGas: '0x746a528801' }], offline, address))).reason).toBe('FEE_CAP')
    const tip = await refusal(evmSigningRequest('eth_sendTransaction', [{ to: TO, maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x3' }], offline, address))
    expect(tip.shortMessage).toBe('The transaction’s priority fee is above its max fee')
  })

  it('a network of chain id 0 is refused', async () => {
    const error = await refusal(evmSigningRequest('eth_sendTransaction', [{ to: TO }], { ...offline, caipNetworkId: 'eip155:0' }, address))
    expect(error.reason).toBe('CHAIN_ID')
  })
})

describe('the fees the node fills in are checked against the cap', () => {
  let node: HardhatNode
  beforeAll(async () => {
    node = await startHardhat({ port: await freePort() })
    // The node's base fee goes to 1,000 gwei: what it suggests is then above a 500 gwei cap.
    await rpc(node.url, 'hardhat_setNextBlockBaseFeePerGas', [`0x${(1_000n * GWEI).toString(16)}`])
    await rpc(node.url, 'hardhat_mine', ['0x1'])
  }, 90_000)
  afterAll(() => node?.stop())

  it('a transaction without fees on a node asking 1,000 gwei is refused under a 500 gwei cap, and shown under a 10,000 gwei one', async () => {
    const tx = [{ to: TO, value: '0x1' }]
    const capped = { caipNetworkId: 'eip155:31337', rpcUrl: node.url, maxFeePerGasCap: `${500n * GWEI}` }
    const error = await refusal(evmSigningRequest('eth_sendTransaction', tx, capped, address))
    expect(error.reason).toBe('FEE_CAP')
    expect(error.details).toMatch(/above the cap of 500000000000 wei$/)
    const request = await evmSigningRequest('eth_sendTransaction', tx, { ...capped, maxFeePerGasCap: `${10_000n * GWEI}` }, address)
    expect(request?.rows.find((row) => row.label === 'Max fee per gas')?.value).toMatch(/gwei$/)
  })
})
