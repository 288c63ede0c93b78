import { ed25519 } from '@noble/curves/ed25519'
import { type PublicClient, BaseError, HttpRequestError, TimeoutError, createPublicClient, http } from 'viem'
import { decodeBase58 } from '../../kernel/wallets/base58.ts'
import { type SiwxMessage, siwxNamespace } from '../../kernel/siwx/index.ts'
import { type Refused, SiwxUnavailableError, refuse } from './types.ts'

/** Undefined when the signature is the account's signature of the text, else the refusal. */
export type SignatureCheck = (message: SiwxMessage, text: string, signature: string, now: Date) => Promise<Refused | undefined>

const EVM_SIGNATURE = /^0x(?:[0-9a-fA-F]{2})+$/
const NOT_SIGNED = 'the signature is not the account\'s signature of this message'

/**
 * Checks signatures: eip155 through viem's verifySiweMessage on the chain's RPC (one eth_call
 * to the ERC-6492 universal validator: an EOA, an ERC-1271 contract wallet, or a wallet not yet
 * deployed), solana as ed25519 over the text's UTF-8 bytes with the address as the public key.
 */
export function signatureCheck(rpcUrls: Readonly<Record<string, string>>): SignatureCheck {
  const clients = new Map<string, Promise<PublicClient>>()
  // The first use of a chain asks its RPC for the chain id: a URL pointing at another chain
  // would check contract wallets where they do not live.
  const clientOf = (chainId: string) => {
    let client = clients.get(chainId)
    if (client === undefined) {
      client = (async () => {
        const created = createPublicClient({ transport: http(rpcUrls[chainId], { retryCount: 1 }) })
        const answered = await created.getChainId()
        if (`eip155:${answered}` !== chainId) throw new Error(`siwx server: rpcUrls['${chainId}'] is a node of eip155:${answered}`)
        return created
      })()
      clients.set(chainId, client)
      client.catch(() => clients.delete(chainId))
    }
    return client
  }

  return async (message, text, signature, now) => {
    if (siwxNamespace(message.chainId) === 'solana') return checkEd25519(message.accountAddress, text, signature)
    if (!EVM_SIGNATURE.test(signature)) return refuse('MALFORMED', 'an EVM signature is 0x and an even number of hex digits')
    const client = await clientOf(message.chainId).catch((error: unknown) => {
      throw unreachable(error) ? unavailable(message.chainId, error) : error
    })
    try {
      const valid = await client.verifySiweMessage({
        message: text,
        signature: signature as `0x${string}`,
        address: message.accountAddress as `0x${string}`,
        domain: message.domain,
        nonce: message.nonce,
        time: now,
      })
      return valid ? undefined : refuse('BAD_SIGNATURE', NOT_SIGNED)
    } catch (error) {
      if (unreachable(error)) throw unavailable(message.chainId, error)
      return refuse('BAD_SIGNATURE', `the signature could not be checked: ${error instanceof BaseError ? error.shortMessage : String(error)}`)
    }
  }
}

const unavailable = (chainId: string, cause: unknown) => new SiwxUnavailableError(`the RPC of ${chainId} did not answer`, { cause })

function unreachable(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
}

function checkEd25519(address: string, text: string, signature: string): Refused | undefined {
  const key = decodeBase58(address)
  if (key?.length !== 32) return refuse('MALFORMED', 'a Solana address is a base58 public key of 32 bytes')
  const bytes = decodeBase58(signature)
  if (bytes?.length !== 64) return refuse('MALFORMED', 'a Solana signature is 64 bytes in base58')
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(text), key) ? undefined : refuse('BAD_SIGNATURE', NOT_SIGNED)
  } catch {
    // A key that is not a point on the curve signs nothing.
    return refuse('BAD_SIGNATURE', NOT_SIGNED)
  }
}
