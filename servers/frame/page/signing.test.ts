import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { type Hex, bytesToHex, toHex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from '../../../protocol/base58.ts'
import { evmSigningRequest, readableMessage } from './evm.ts'
import { addressOf, generateSecret } from './keys.ts'
import { fromBase64, toBase64 } from './shares.ts'
import { solanaSigningRequest } from './solana.ts'

// The signing requests with a real key, checked the way a verifier outside would check them.
const evmNetwork = { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:1' }
const solanaNetwork = { caipNetworkId: 'solana:localnet', rpcUrl: 'http://127.0.0.1:1' }

describe('EVM signing requests', () => {
  const secret = generateSecret('eip155')
  const address = privateKeyToAccount(bytesToHex(secret)).address

  it('personal_sign: the panel shows the message text, and the signature verifies for the address', async () => {
    const request = (await evmSigningRequest('personal_sign', [toHex('hello frame'), address.toLowerCase()], evmNetwork, address))!
    expect(request.rows).toEqual([{ label: 'Message', value: 'hello frame' }])
    expect(request.warnings).toEqual([])
    const signature = (await request.perform(secret)) as Hex
    expect(await verifyMessage({ address, message: 'hello frame', signature })).toBe(true)
  })

  it('eth_signTypedData_v4 from the JSON string a dapp sends (with EIP712Domain in its types)', async () => {
    const typed = {
      domain: { name: 'Test', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'body', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { body: 'hi' },
    }
    const request = (await evmSigningRequest('eth_signTypedData_v4', [address, JSON.stringify(typed)], evmNetwork, address))!
    expect(request.rows.map((row) => [row.label, row.value])).toEqual([
      ['Domain', 'Test'],
      ['Message', 'Mail'],
    ])
    const signature = (await request.perform(secret)) as Hex
    const { EIP712Domain: _, ...types } = typed.types
    expect(await verifyTypedData({ address, domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature })).toBe(true)
  })

  it('a request naming another address, or with malformed params, is refused before any panel; other methods are not signing requests', async () => {
    const other = privateKeyToAccount(bytesToHex(generateSecret('eip155'))).address
    await expect(evmSigningRequest('personal_sign', [toHex('x'), other], evmNetwork, address)).rejects.toThrow('not this account')
    await expect(evmSigningRequest('eth_sendTransaction', [{ from: other, to: address }], evmNetwork, address)).rejects.toThrow('not this account')
    await expect(evmSigningRequest('personal_sign', ['not hex', address], evmNetwork, address)).rejects.toThrow()
    await expect(evmSigningRequest('wallet_sendCalls', [], evmNetwork, address)).rejects.toThrow()
    expect(await evmSigningRequest('eth_chainId', [], evmNetwork, address)).toBeUndefined()
  })

  it('a message that is not text is shown as hex', () => {
    expect(readableMessage('0x00ff10')).toBe('0x00ff10')
    expect(readableMessage(toHex('line 1\nline 2'))).toBe('line 1\nline 2')
  })
})

describe('Solana signing requests', () => {
  const seed = generateSecret('solana')
  const pubkey = addressOf('solana', seed)
  const signer = new PublicKey(pubkey)

  it('solana_signMessage: a base58 ed25519 signature of the message bytes', async () => {
    const message = new TextEncoder().encode('hello solana')
    const request = (await solanaSigningRequest('solana_signMessage', { message: encodeBase58(message), pubkey }, solanaNetwork, pubkey))!
    expect(request.rows).toEqual([{ label: 'Message', value: 'hello solana' }])
    const { signature } = (await request.perform(seed)) as { signature: string }
    expect(ed25519.verify(decodeBase58(signature)!, message, decodeBase58(pubkey)!)).toBe(true)
  })

  it('solana_signTransaction signs a legacy and a versioned transaction in the fee payer’s slot', async () => {
    const to = Keypair.generate().publicKey
    const blockhash = encodeBase58(new Uint8Array(32).fill(7))
    const legacy = new Transaction({ feePayer: signer, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: signer, toPubkey: to, lamports: 5 }))
    const versioned = new VersionedTransaction(
      new TransactionMessage({
        payerKey: signer,
        recentBlockhash: blockhash,
        instructions: [SystemProgram.transfer({ fromPubkey: signer, toPubkey: to, lamports: 5 })],
      }).compileToV0Message(),
    )
    const unsigned = [legacy.serialize({ requireAllSignatures: false }), versioned.serialize()]
    for (const bytes of unsigned) {
      const request = (await solanaSigningRequest('solana_signTransaction', { transaction: toBase64(bytes) }, solanaNetwork, pubkey))!
      const { transaction } = (await request.perform(seed)) as { transaction: string }
      const signed = VersionedTransaction.deserialize(fromBase64(transaction))
      expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), signer.toBytes())).toBe(true)
    }
  })

  it('a request for another public key is refused', async () => {
    await expect(solanaSigningRequest('solana_signMessage', { message: '2', pubkey: Keypair.generate().publicKey.toBase58() }, solanaNetwork, pubkey)).rejects.toThrow(
      'not this account',
    )
  })
})
