import { createHash } from 'node:crypto'
import { createBase58check as base58check } from '@scure/base'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { createBitcoinTestWallet, signBip322P2wpkh } from '../peers/bitcoinTestWallet.ts'

// The Bitcoin test wallet's BIP-322 signing, checked against the BIP's own test vector
// and verified by bip322-js, a library independent of the wallet's code.
const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest())
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const call = (wallet: Record<string, unknown>, feature: string, method: string, ...args: unknown[]) =>
  (wallet['features'] as Record<string, Record<string, (...a: unknown[]) => Promise<any>>>)[feature]![method]!(...args)

describe('Bitcoin test wallet (BIP-322 simple, P2WPKH)', () => {
  it('reproduces the BIP-322 test vector: the BIP’s key signing "Hello World"', () => {
    // The BIP's WIF: version byte 0x80, the 32-byte key, 0x01 (compressed).
    const privateKey = base58check(sha256).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k').slice(1, 33)
    const wallet = createBitcoinTestWallet({ name: 'Vector', privateKey })
    expect(wallet.address).toBe('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l')
    const signature = base64(signBip322P2wpkh(privateKey, new TextEncoder().encode('Hello World')))
    expect(signature).toBe('AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=')
  })

  it('connect lists payment (bc1q) then ordinals (bc1p); signMessage gives a signature bip322-js verifies, and not for another message', async () => {
    const wallet = createBitcoinTestWallet({ name: 'Bitcoin Test Wallet' })
    expect(wallet.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/)
    expect(wallet.ordinalsAddress).toMatch(/^bc1p[02-9ac-hj-np-z]{58}$/)
    const { accounts } = await call(wallet.wallet, 'bitcoin:connect', 'connect', { purposes: ['payment', 'ordinals'] })
    expect(accounts.map((a: { address: string }) => a.address)).toEqual([wallet.address, wallet.ordinalsAddress])
    const message = 'Hello from Portico'
    const [output] = await call(wallet.wallet, 'bitcoin:signMessage', 'signMessage', { account: accounts[0], message: new TextEncoder().encode(message) })
    expect(Verifier.verifySignature(wallet.address, message, base64(output.signature))).toBe(true)
    expect(Verifier.verifySignature(wallet.address, `${message}!`, base64(output.signature))).toBe(false)
    expect(wallet.prompts.map((p) => p.feature)).toEqual(['bitcoin:connect', 'bitcoin:signMessage'])
  })

  it('refuses to sign before connect (4100) and when the visitor rejects (4001)', async () => {
    let approve = true
    const wallet = createBitcoinTestWallet({ name: 'Bitcoin Test Wallet', approve: () => approve })
    const input = { account: { address: wallet.address }, message: new Uint8Array([1]) }
    await expect(call(wallet.wallet, 'bitcoin:signMessage', 'signMessage', input)).rejects.toMatchObject({ code: 4100 })
    await call(wallet.wallet, 'bitcoin:connect', 'connect', {})
    approve = false
    await expect(call(wallet.wallet, 'bitcoin:signMessage', 'signMessage', input)).rejects.toMatchObject({ code: 4001 })
  })
})
