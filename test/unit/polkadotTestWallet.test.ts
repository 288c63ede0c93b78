import { signatureVerify, sr25519Verify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { createPolkadotTestWallet } from '../peers/polkadotTestWallet.ts'

// The Polkadot test wallet signs like polkadot{.js}: sr25519 over <Bytes>-wrapped data,
// checked with @polkadot/util-crypto's signatureVerify.
type Injected = {
  accounts: { get(): Promise<{ address: string }[]>; subscribe(cb: (list: { address: string }[]) => void): () => void }
  signer: { signRaw(payload: { address: string; data: string; type: string }): Promise<{ id: number; signature: string }> }
}
const enable = (extension: Record<string, unknown>, appName: string) => (extension['enable'] as (name: string) => Promise<Injected>)(appName)
const hex = (text: string) => `0x${Buffer.from(text).toString('hex')}`

describe('Polkadot test wallet (injectedWeb3, sr25519)', () => {
  it('enable lists the SS58 account; signRaw gives a wrapped sr25519 signature that signatureVerify accepts, and not for another message', async () => {
    const wallet = createPolkadotTestWallet({ key: 'polkadot-test', seed: new Uint8Array(32).fill(7) })
    expect(wallet.address).toMatch(/^1[1-9A-HJ-NP-Za-km-z]{46,47}$/)
    const injected = await enable(wallet.extension, 'Portico demo')
    expect((await injected.accounts.get()).map((a) => a.address)).toEqual([wallet.address])
    const { signature } = await injected.signer.signRaw({ address: wallet.address, data: hex('Hello from Portico'), type: 'bytes' })
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(signatureVerify('Hello from Portico', signature, wallet.address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    // What was signed is the wrapped text, as the extensions sign (sr25519Verify does no wrapping of its own).
    expect(sr25519Verify('<Bytes>Hello from Portico</Bytes>', signature, wallet.publicKey)).toBe(true)
    expect(sr25519Verify('Hello from Portico', signature, wallet.publicKey)).toBe(false)
    expect(signatureVerify('Hello from Portico!', signature, wallet.address).isValid).toBe(false)
    expect(wallet.prompts).toEqual([
      { method: 'enable', approved: true },
      { method: 'signRaw', approved: true },
    ])
  })

  it('refuses enable when the visitor says no, signRaw before enable, and an unknown account', async () => {
    let approve = false
    const wallet = createPolkadotTestWallet({ key: 'polkadot-test', approve: () => approve })
    await expect(enable(wallet.extension, 'Portico demo')).rejects.toThrow('The source Portico demo is not allowed to interact with this extension')
    approve = true
    const injected = await enable(wallet.extension, 'Portico demo')
    const other = createPolkadotTestWallet({ key: 'other' }).address
    await expect(injected.signer.signRaw({ address: other, data: '0x01', type: 'bytes' })).rejects.toThrow(`Unable to find account ${other}`)
    await wallet.lock()
    expect(await injected.accounts.get()).toEqual([])
    await expect(injected.signer.signRaw({ address: wallet.address, data: '0x01', type: 'bytes' })).rejects.toThrow('The source is not allowed to sign')
  })
})
