import { ed25519 } from '@noble/curves/ed25519'
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { bytesToHex } from 'viem'
import { encodeBase58 } from '../../../protocol/base58.ts'
import { addressOf, generateSecret, namespaceOfChain } from './keys.ts'
import { combineShares, fromBase64, generateWrappingKey, splitKey, toBase64, unwrapShare, wrapShare } from './shares.ts'

describe('key shares', () => {
  it('any two of the three shares rebuild the key; each share alone differs from it', async () => {
    const secret = generateSecret('eip155')
    const { device, auth, recovery } = await splitKey(secret)
    for (const [a, b] of [
      [device, auth],
      [device, recovery],
      [auth, recovery],
    ] as const) {
      expect(await combineShares(a, b)).toEqual(secret)
    }
    for (const share of [device, auth, recovery]) expect(bytesToHex(share).includes(bytesToHex(secret).slice(2))).toBe(false)
  })

  it('a wrapped device share unwraps only with its key and in its own slot (user and namespace)', async () => {
    const key = await generateWrappingKey()
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    const share = crypto.getRandomValues(new Uint8Array(33))
    const wrapped = await wrapShare(key, share, 'user-1', 'eip155')
    expect(toBase64(wrapped.data).includes(toBase64(share))).toBe(false)
    expect(await unwrapShare(key, wrapped, 'user-1', 'eip155')).toEqual(share)
    await expect(unwrapShare(key, wrapped, 'user-2', 'eip155')).rejects.toThrow()
    await expect(unwrapShare(key, wrapped, 'user-1', 'solana')).rejects.toThrow()
    await expect(unwrapShare(await generateWrappingKey(), wrapped, 'user-1', 'eip155')).rejects.toThrow()
    // Two wraps of one share differ (fresh IV each time).
    expect(toBase64((await wrapShare(key, share, 'user-1', 'eip155')).data)).not.toBe(toBase64(wrapped.data))
  })

  it('base64 round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(fromBase64(toBase64(all))).toEqual(all)
    expect(toBase64(Uint8Array.of(251, 255))).toBe('+/8=')
  })
})

describe('keys and addresses', () => {
  it('EVM: the address of a secp256k1 key; Solana: the base58 ed25519 public key of a seed', () => {
    const evm = generateSecret('eip155')
    expect(addressOf('eip155', evm)).toBe(privateKeyToAccount(bytesToHex(evm)).address)
    const seed = generateSecret('solana')
    expect(seed).toHaveLength(32)
    expect(addressOf('solana', seed)).toBe(encodeBase58(ed25519.getPublicKey(seed)))
    expect(generateSecret('solana')).not.toEqual(seed)
  })

  it('the namespace of a chain id', () => {
    expect(namespaceOfChain(31337)).toBe('eip155')
    expect(namespaceOfChain('1')).toBe('eip155')
    expect(namespaceOfChain('eip155:31337')).toBe('eip155')
    expect(namespaceOfChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana')
    expect(namespaceOfChain('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana')
    expect(() => namespaceOfChain('bip122:000000000019d6689c085ae165831e93')).toThrow('not supported')
  })
})
