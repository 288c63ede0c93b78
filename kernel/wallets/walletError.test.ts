import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { USER_REJECTED_CODE, WalletError, WalletErrorText, invalidAnswer, isUnrecognizedChain, isUserRejection, toWalletError } from './walletError.ts'

const coded = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('toWalletError: one mapping for every namespace plugin', () => {
  it('code 4001 is a refusal, named after the method, with the wallet error as cause', () => {
    const thrown = coded(4001, 'User rejected the request.')
    const error = toWalletError(thrown, 'eth_requestAccounts')
    expect(error).toBeInstanceOf(WalletError)
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toMatchObject({ shortMessage: WalletErrorText.USER_REJECTED, code: USER_REJECTED_CODE, method: 'eth_requestAccounts', cause: thrown })
  })

  it('a 4001 nested in data.originalError is a refusal too (MetaMask Mobile, WalletConnect wallets)', () => {
    expect(toWalletError({ code: -32603, message: 'Internal error', data: { originalError: { code: 4001 } } }, 'personal_sign')).toMatchObject({
      shortMessage: WalletErrorText.USER_REJECTED,
      code: USER_REJECTED_CODE,
    })
  })

  // The copies this replaces disagreed here: solana read only "user rejected", bip122 and
  // polkadot also "cancel". A visitor who cancels has declined, whichever chain it is.
  it.each([
    ['Xverse', new Error('User canceled the request')],
    ['Talisman, a thrown string', 'Cancelled'],
    ['polkadot{.js}', new Error('Rejected by user')],
    ['a Solana wallet', new Error('User rejected the request.')],
    ['an extension that blocked the site', new Error('The source https://app.example is not allowed to interact with this extension')],
    ['a wallet that declines', { message: 'Request denied' }],
  ])('with no code, a refusal in words is a refusal (%s)', (_, thrown) => {
    expect(toWalletError(thrown, 'standard:connect')).toMatchObject({ shortMessage: WalletErrorText.USER_REJECTED, code: USER_REJECTED_CODE })
    expect(isUserRejection(thrown)).toBe(true)
  })

  it('a wallet that sends a code has said what happened: a coded fault that mentions "cancel" stays a fault', () => {
    const error = toWalletError(coded(-32000, 'Request cancelled: the node timed out'), 'signAndSendTransaction')
    expect(error).toMatchObject({ shortMessage: WalletErrorText.WALLET_ERROR, code: -32000 })
    expect(error.details).toBe('signAndSendTransaction: Request cancelled: the node timed out')
    expect(isUserRejection(coded(-32000, 'cancelled'))).toBe(false)
  })

  it('any other throw is WALLET_ERROR with the wallet code and its capped message as details', () => {
    expect(toWalletError(coded(4100, 'Unauthorized'), 'solana:signMessage')).toMatchObject({
      shortMessage: WalletErrorText.WALLET_ERROR,
      code: 4100,
      method: 'solana:signMessage',
      details: 'solana:signMessage: Unauthorized',
    })
    expect(toWalletError(undefined, 'enable')).toMatchObject({ shortMessage: WalletErrorText.WALLET_ERROR, code: undefined, details: 'enable' })
    expect(toWalletError(new Error('x'.repeat(5000)), 'm').details).toHaveLength('m: '.length + 500)
  })

  it('a hostile throw (a Proxy whose every read throws) is still a WALLET_ERROR, not a crash', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    expect(toWalletError(hostile, 'connect')).toMatchObject({ shortMessage: WalletErrorText.WALLET_ERROR, code: undefined })
  })

  it('our own WalletError passes through unchanged', () => {
    const own = invalidAnswer('eth_chainId', 'must be a hex chain id')
    expect(toWalletError(own, 'other')).toBe(own)
    expect(own).toMatchObject({ shortMessage: WalletErrorText.INVALID_ANSWER, details: 'eth_chainId: must be a hex chain id' })
  })
})

describe('isUnrecognizedChain (4902, 5000, 32603: the chain may be added)', () => {
  it('reads the wallet code, the nested one, and through our WalletError to its cause', () => {
    expect(isUnrecognizedChain(coded(4902, 'Unrecognized chain'))).toBe(true)
    const nested = { code: -32603, message: 'Internal error', data: { originalError: { code: 4902 } } }
    expect(isUnrecognizedChain(nested)).toBe(true)
    expect(isUnrecognizedChain(toWalletError(nested, 'wallet_switchEthereumChain'))).toBe(true)
    expect(isUnrecognizedChain(coded(4001, 'no'))).toBe(false)
    // SPEC §8's other two: the default 5000, and 32603 (invalid chain id) on its own; a bare -32603 is an internal error.
    expect(isUnrecognizedChain(coded(5000, 'Unknown error'))).toBe(true)
    expect(isUnrecognizedChain(coded(32603, 'Invalid chain id'))).toBe(true)
    expect(isUnrecognizedChain(toWalletError(coded(32603, 'Invalid chain id'), 'wallet_switchEthereumChain'))).toBe(true)
    expect(isUnrecognizedChain(coded(-32603, 'Internal error'))).toBe(false)
    expect(isUnrecognizedChain('4902')).toBe(false)
  })
})
