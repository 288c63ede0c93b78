import { type Hex, pad } from 'viem'
import { describe, expect, it } from 'vitest'
import { type RawLog, TRANSFER_TOPIC, transferFromLog } from './transfers.ts'

const token = '0x73511669fd4de447fed18bb79bafeac93ab7f31f'
const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const to = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const tx = { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: null, nonce: 7 } as const
const log = (topics: Hex[], data: Hex, extra: Partial<RawLog> = {}): RawLog => ({
  address: token,
  topics,
  data,
  blockNumber: '0x10',
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  transactionIndex: '0x2',
  logIndex: '0x5',
  ...extra,
})

describe('transferFromLog', () => {
  it('reads an ERC20 Transfer (three topics, the amount in data), addresses checksummed', () => {
    expect(transferFromLog(log([TRANSFER_TOPIC, pad(from), pad(to)], pad('0x0f4240')), tx)).toEqual({
      blockNumber: 16n,
      txIndex: 2,
      logIndex: 5,
      txHash: `0x${'cd'.repeat(32)}`,
      kind: 'erc20',
      token: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amount: 1_000_000n,
      txFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      // Minted in the token's constructor: the transaction created the token.
      txTo: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
      txNonce: 7,
    })
  })

  it('reads an ERC721 Transfer (the token id as the fourth topic, no data)', () => {
    expect(transferFromLog(log([TRANSFER_TOPIC, pad(from), pad(to), pad('0x2a')], '0x'), { ...tx, to: tx.from })).toMatchObject({
      kind: 'erc721',
      amount: 1n,
      tokenId: 42n,
      txTo: tx.from,
    })
  })

  it('skips what only looks like a transfer: another event, a removed log, odd data, missing topics', () => {
    const approval: Hex = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
    expect(transferFromLog(log([approval, pad(from), pad(to)], pad('0x01')), tx)).toBeUndefined()
    expect(transferFromLog(log([TRANSFER_TOPIC, pad(from), pad(to)], pad('0x01'), { removed: true }), tx)).toBeUndefined()
    expect(transferFromLog(log([TRANSFER_TOPIC, pad(from), pad(to)], '0x'), tx)).toBeUndefined()
    expect(transferFromLog(log([TRANSFER_TOPIC, pad(from), pad(to), pad('0x01')], pad('0x01')), tx)).toBeUndefined()
    expect(transferFromLog(log([TRANSFER_TOPIC, pad(from)], pad('0x01')), tx)).toBeUndefined()
  })
})
