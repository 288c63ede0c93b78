import { ed25519 } from '@noble/curves/ed25519'
import * as v from 'valibot'
import { decodeBase58, encodeBase58 } from '../../../protocol/base58.ts'
import { RowLabel } from './approvalText.ts'
import { jsonRpc } from './rpc.ts'
import { fromBase64, toBase64 } from './shares.ts'
import { type FrameNetwork, type SigningRequest, UNKNOWN_ADDRESS } from './signing.ts'

const Base58 = v.pipe(
  v.string(),
  v.transform((text) => decodeBase58(text)),
  v.custom<Uint8Array>((bytes) => bytes instanceof Uint8Array, 'must be base58'),
)
const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'), v.transform(fromBase64))
const SignMessage = v.object({ message: Base58, pubkey: v.optional(v.string()) })
const SignTransaction = v.object({ transaction: Base64, pubkey: v.optional(v.string()) })

/**
 * Signs a serialized transaction (legacy or versioned) with the seed's key pair.
 * @solana/web3.js is loaded only here, the first time a transaction is signed.
 */
async function signTransaction(bytes: Uint8Array, secret: Uint8Array): Promise<{ signed: Uint8Array; signature: Uint8Array }> {
  const { Keypair, VersionedTransaction } = await import('@solana/web3.js')
  const transaction = VersionedTransaction.deserialize(bytes)
  const signer = Keypair.fromSeed(secret)
  transaction.sign([signer])
  const index = transaction.message.staticAccountKeys.findIndex((key) => key.equals(signer.publicKey))
  return { signed: transaction.serialize(), signature: transaction.signatures[index]! }
}

const readable = (bytes: Uint8Array) => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  return /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text) ? encodeBase58(bytes) : text
}

/** solana_signMessage, solana_signTransaction and solana_signAndSendTransaction for this account. */
export async function solanaSigningRequest(method: string, params: unknown, network: FrameNetwork, address: string): Promise<SigningRequest | undefined> {
  const own = (claimed: string | undefined) => {
    if (claimed !== undefined && claimed !== address) throw new Error(UNKNOWN_ADDRESS)
  }
  if (method === 'solana_signMessage') {
    const { message, pubkey } = v.parse(SignMessage, params)
    own(pubkey)
    return {
      method,
      rows: [{ label: RowLabel.MESSAGE, value: readable(message) }],
      warnings: [],
      perform: async (secret) => ({ signature: encodeBase58(ed25519.sign(message, secret)) }),
    }
  }
  if (method === 'solana_signTransaction' || method === 'solana_signAndSendTransaction') {
    const { transaction, pubkey } = v.parse(SignTransaction, params)
    own(pubkey)
    const send = method === 'solana_signAndSendTransaction'
    // The instruction decoder loads only when a transaction is asked for.
    const { describeSolanaTransaction } = await import('./decode/solanaTransaction.ts')
    const described = describeSolanaTransaction(transaction)
    return {
      method,
      rows: [...described.rows, { label: RowLabel.NETWORK, value: network.caipNetworkId }],
      warnings: described.warnings,
      async perform(secret) {
        const { signed, signature } = await signTransaction(transaction, secret)
        if (!send) return { transaction: toBase64(signed) }
        await jsonRpc(network.rpcUrl, 'sendTransaction', [toBase64(signed), { encoding: 'base64' }])
        return { signature: encodeBase58(signature) }
      },
    }
  }
  return undefined
}
