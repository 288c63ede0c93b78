import { describe, expect, it } from 'vitest'
import { SendRefusal, checkSend } from './form.ts'
import type { NamespaceSender, SendToken } from './sender.ts'
import { createEvmSender } from './evm/evmSender.ts'

const sender: NamespaceSender = createEvmSender({ usdtContracts: [] })
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDT: SendToken = { name: 'Tether', symbol: 'USDT', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6, balance: 2_000_000n, price: 1 }
const ETH: SendToken = { name: 'Ether', symbol: 'ETH', decimals: 18, balance: 10n ** 18n, price: 0 }
const FEE = 21_000n * 1_000_000_000n

const check = (patch: Partial<Parameters<typeof checkSend>[0]>) =>
  checkSend({ token: USDT, amount: '1.5', receiver: RECEIVER, sender, nativeBalance: 10n ** 18n, fee: FEE, smartAccount: false, ...patch })

describe('the send form rules', () => {
  it('a valid send: 1.5 of a 6-decimal token is 1 500 000 base units, to the address as typed (trimmed)', () => {
    expect(check({ receiver: `  ${RECEIVER} ` })).toEqual({ ok: true, request: { token: USDT, amount: 1_500_000n, receiver: RECEIVER } })
  })

  it('no token: "Select a token to send"', () => {
    expect(check({ token: undefined })).toEqual({ ok: false, message: 'Select a token to send' })
  })

  it.each([[''], ['0'], ['0.0'], ['-1'], ['abc'], ['1,5'], ['1.0000001'], ['1e3'], ['.5.']])('the amount %j: "Please enter a valid amount and receiver address"', (amount) => {
    expect(check({ amount })).toEqual({ ok: false, message: 'Please enter a valid amount and receiver address' })
  })

  it.each([[''], ['0x1234'], ['0xZZ97970C51812dc3A010C7d01b50e0d17dc79C8'], ['11111111111111111111111111111111'], ['vitalik.eth']])(
    'the receiver %j: "Please enter a valid amount and receiver address"',
    (receiver) => {
      expect(check({ receiver })).toEqual({ ok: false, message: SendRefusal.INVALID_INPUT })
    },
  )

  it('an EVM address without 0x, in upper case, is a receiver (SPEC §5)', () => {
    expect(check({ receiver: RECEIVER.slice(2).toUpperCase() }).ok).toBe(true)
  })

  it('more than the holding: "Insufficient funds" (2.000001 of 2 USDT)', () => {
    expect(check({ amount: '2.000001' })).toEqual({ ok: false, message: 'Insufficient funds' })
    expect(check({ amount: '2' }).ok).toBe(true)
  })

  it('a token send with no ETH for gas: "Insufficient funds for gas"', () => {
    expect(check({ nativeBalance: 0n })).toEqual({ ok: false, message: 'Insufficient funds for gas' })
    expect(check({ nativeBalance: FEE - 1n })).toEqual({ ok: false, message: 'Insufficient funds for gas' })
    expect(check({ nativeBalance: FEE }).ok).toBe(true)
  })

  it('...unless the account is a smart account', () => {
    expect(check({ nativeBalance: 0n, smartAccount: true }).ok).toBe(true)
  })

  it('a native send of the whole balance leaves nothing for gas; less the fee passes', () => {
    const balance = 10n ** 18n
    expect(check({ token: ETH, amount: '1', nativeBalance: balance })).toEqual({ ok: false, message: 'Insufficient funds for gas' })
    expect(check({ token: ETH, amount: '0.999979', nativeBalance: balance }).ok).toBe(true)
    expect(check({ token: ETH, amount: '1.1', nativeBalance: balance })).toEqual({ ok: false, message: 'Insufficient funds' })
  })
})
