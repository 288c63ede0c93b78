import { ed25519 } from '@noble/curves/ed25519'
import * as v from 'valibot'
import { bytesToHex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { encodeBase58 } from '../../../protocol/base58.ts'

/** The namespaces the frame holds a key for: secp256k1 for EVM, ed25519 for Solana. */
export const NAMESPACES = ['eip155', 'solana'] as const
export type Namespace = (typeof NAMESPACES)[number]

/** A fresh 32-byte secret: an EVM private key, or a Solana ed25519 seed. */
export function generateSecret(namespace: Namespace): Uint8Array {
  return namespace === 'eip155' ? hexToBytes(generatePrivateKey()) : crypto.getRandomValues(new Uint8Array(32))
}

/** The public address a secret stands for in its namespace. */
export function addressOf(namespace: Namespace, secret: Uint8Array): string {
  return namespace === 'eip155' ? privateKeyToAddress(bytesToHex(secret)) : encodeBase58(ed25519.getPublicKey(secret))
}

/** Which namespace a chain id belongs to: a number or digits is EVM; CAIP-2 says so; anything else is a Solana reference. */
export function namespaceOfChain(chainId: string | number): Namespace {
  if (typeof chainId === 'number' || /^\d+$/.test(chainId)) return 'eip155'
  const prefix = chainId.split(':', 1)[0]
  if (chainId.includes(':')) {
    if (prefix === 'eip155' || prefix === 'solana') return prefix
    throw new Error(`Chain ${chainId} is not supported`)
  }
  return 'solana'
}

/**
 * The chain the host opened the page on, from the page's `chainId` query parameter: CAIP-2
 * characters, at most 64 (as the frame server's page route allows), of a namespace the frame
 * holds a key for. Anything else (none, empty, another namespace, markup) is chain 1.
 */
const InitialChainIdSchema = v.pipe(
  v.string(),
  v.regex(/^[-_:a-zA-Z0-9]{1,64}$/),
  v.check((chainId: string) => {
    try {
      return Boolean(namespaceOfChain(chainId))
    } catch {
      return false
    }
  }),
)

export function initialChainIdOf(search: string): string | number {
  const parsed = v.safeParse(InitialChainIdSchema, new URLSearchParams(search).get('chainId'))
  return parsed.success ? parsed.output : 1
}
