import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createSolanaTestWallet, verifyEd25519 } from '../../test/peers/solanaTestWallet.ts'
import { callFeature, callWallet, featureOf, hasFeature, onAccountsChange, standardAccounts } from './standardFeatures.ts'
import { USER_REJECTED_CODE, WalletErrorText } from './walletError.ts'

// A real Wallet Standard wallet (the project's Solana test wallet, with a real ed25519 key).
// Nothing here sends a transaction, so its RPC url is never dialled.
const testWallet = (approve?: (feature: string) => boolean) => createSolanaTestWallet({ name: 'Feature Test Wallet', rpcUrl: 'http://127.0.0.1:9', approve })

const Accounts = v.object({ accounts: v.array(v.object({ address: v.string() })) })
const Signatures = v.array(v.object({ signature: v.instance(Uint8Array) }))

describe('Wallet Standard feature calls', () => {
  it('calls a feature method and returns the answer that passed the schema', async () => {
    const w = testWallet()
    const { accounts } = await callFeature(w.wallet, 'standard:connect', 'connect', [], Accounts)
    expect(accounts.map((a) => a.address)).toEqual([w.address])
    const account = standardAccounts(w.wallet)[0]
    const message = new TextEncoder().encode('hello')
    const [signed] = await callFeature(w.wallet, 'solana:signMessage', 'signMessage', [{ account, message }], Signatures)
    expect(verifyEd25519(w.keypair.publicKey.toBytes(), message, signed!.signature)).toBe(true)
  })

  it('a missing feature or method is UNSUPPORTED_FEATURE naming it, and the wallet is not called', async () => {
    const w = testWallet()
    await expect(callFeature(w.wallet, 'bitcoin:connect', 'connect', [], v.unknown())).rejects.toMatchObject({
      shortMessage: WalletErrorText.UNSUPPORTED_FEATURE,
      method: 'bitcoin:connect',
      details: 'bitcoin:connect is missing',
    })
    await expect(callFeature(w.wallet, 'standard:connect', 'nope', [], v.unknown())).rejects.toMatchObject({
      shortMessage: WalletErrorText.UNSUPPORTED_FEATURE,
    })
    expect(hasFeature(w.wallet, 'standard:connect', 'connect')).toBe(true)
    expect(hasFeature(w.wallet, 'standard:connect', 'nope')).toBe(false)
    expect(w.calls).toEqual([])
  })

  it('a refusal in the wallet is USER_REJECTED with code 4001, named after the feature', async () => {
    const w = testWallet(() => false)
    await expect(callFeature(w.wallet, 'standard:connect', 'connect', [], Accounts)).rejects.toMatchObject({
      shortMessage: WalletErrorText.USER_REJECTED,
      code: USER_REJECTED_CODE,
      method: 'standard:connect',
    })
  })

  it('an answer that fails the schema is INVALID_ANSWER with the problem', async () => {
    const wallet = { features: { 'standard:connect': { connect: async () => ({ accounts: 'all of them' }) } } }
    await expect(callFeature(wallet, 'standard:connect', 'connect', [], Accounts)).rejects.toMatchObject({
      shortMessage: WalletErrorText.INVALID_ANSWER,
      details: expect.stringMatching(/^standard:connect: accounts: /),
    })
  })

  it('a wallet whose features cannot be read has none; its accounts are []', async () => {
    const trap = () => {
      throw new Error('trap')
    }
    const hostile = Object.defineProperties({}, { features: { get: trap }, accounts: { get: trap } })
    expect(featureOf(hostile, 'standard:connect')).toBeUndefined()
    expect(standardAccounts(hostile)).toEqual([])
    await expect(callFeature(hostile, 'standard:connect', 'connect', [], v.unknown())).rejects.toMatchObject({
      shortMessage: WalletErrorText.UNSUPPORTED_FEATURE,
    })
  })

  it('callWallet calls a plain object method the same way (legacy providers)', async () => {
    const provider = {
      connected: false,
      async connect(this: { connected: boolean }) {
        this.connected = true
        return 'ok'
      },
    }
    expect(await callWallet(provider, 'connect', [])).toBe('ok')
    expect(provider.connected).toBe(true)
    await expect(callWallet(provider, 'signMessage', [])).rejects.toMatchObject({ shortMessage: WalletErrorText.UNSUPPORTED_FEATURE, method: 'signMessage' })
  })
})

describe('onAccountsChange (standard:events)', () => {
  it('reports each new account list until disposed', async () => {
    const w = testWallet()
    await callFeature(w.wallet, 'standard:connect', 'connect', [], Accounts)
    const seen: (readonly unknown[])[] = []
    const dispose = onAccountsChange(w.wallet, (accounts) => seen.push(accounts))
    await w.lock()
    expect(seen).toEqual([[]])
    await w.emitChange({ chains: ['solana:devnet'] })
    expect(seen).toHaveLength(1)
    dispose()
    await w.emitChange({ accounts: [] })
    expect(seen).toHaveLength(1)
  })

  it('a wallet without events gives a no-op disposer', () => {
    expect(() => onAccountsChange({ features: {} }, () => undefined)()).not.toThrow()
  })
})
