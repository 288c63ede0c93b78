import { ed25519 } from '@noble/curves/ed25519'
import { BaseError, HttpRequestError, TimeoutError, isAddressEqual, recoverMessageAddress } from 'viem'
import { decodeBase58 } from '../../protocol/base58.ts'
import { type SiwxMessage, siwxNamespace } from '../../protocol/siwx/index.ts'
import { type RpcNode, type RpcUrls, askNodes, rpcNodes } from '../common/agreeingNodes.ts'
import { type Refused, SiwxUnavailableError, refuse } from './types.ts'

/** Undefined when the signature is the account's signature of the text, else the refusal. */
export type SignatureCheck = (message: SiwxMessage, text: string, signature: string, now: Date) => Promise<Refused | undefined>

const EVM_SIGNATURE = /^0x(?:[0-9a-fA-F]{2})+$/
const NOT_SIGNED = "the signature is not the account's signature of this message"

/** One node's verdict on a signature: valid, or why not. */
type Verdict = { valid: true } | { valid: false; why: string }

/**
 * Checks signatures: eip155 by ecrecover first (an EOA's signature needs no node), else through
 * viem's verifySiweMessage on the chain's RPC (one eth_call to the ERC-6492 universal validator:
 * an ERC-1271 contract wallet, or a wallet not yet deployed) — on each of its nodes when it has
 * two, and both must answer and find it valid; solana as ed25519 over the text's UTF-8 bytes with
 * the address as the public key.
 */
export function signatureCheck(rpcUrls: Readonly<Record<string, RpcUrls>>): SignatureCheck {
  const chains = new Map<string, Promise<readonly RpcNode[]>>()
  // The first use of a chain asks each of its nodes for the chain id: a URL pointing at another
  // chain would check contract wallets where they do not live.
  const nodesOf = (chainId: string) => {
    let nodes = chains.get(chainId)
    if (nodes === undefined) {
      nodes = (async () => {
        const created = rpcNodes(rpcUrls[chainId]!)
        const answered = await Promise.all(created.map((node) => node.client.getChainId()))
        const other = answered.find((id) => `eip155:${id}` !== chainId)
        if (other !== undefined) throw new Error(`siwx server: rpcUrls['${chainId}'] is a node of eip155:${other}`)
        return created
      })()
      chains.set(chainId, nodes)
      nodes.catch(() => chains.delete(chainId))
    }
    return nodes
  }

  return async (message, text, signature, now) => {
    if (siwxNamespace(message.chainId) === 'solana') return checkEd25519(message.accountAddress, text, signature)
    if (!EVM_SIGNATURE.test(signature)) return refuse('MALFORMED', 'an EVM signature is 0x and an even number of hex digits')
    if (await signedByKey(message.accountAddress, text, signature)) return undefined
    try {
      const nodes = await nodesOf(message.chainId)
      const verdict = (client: RpcNode['client']) =>
        client
          .verifySiweMessage({
            message: text,
            signature: signature as `0x${string}`,
            address: message.accountAddress as `0x${string}`,
            domain: message.domain,
            nonce: message.nonce,
            time: now,
          })
          .then(
            (valid): Verdict => (valid ? { valid: true } : { valid: false, why: NOT_SIGNED }),
            (error: unknown): Verdict => {
              if (unreachable(error)) throw error
              return { valid: false, why: `the signature could not be checked: ${error instanceof BaseError ? error.shortMessage : String(error)}` }
            },
          )
      const agreement = await askNodes(nodes, `siwx server: a signature of ${message.accountAddress} on ${message.chainId}`, verdict, (answer) =>
        answer.valid ? 'valid' : 'not valid',
      )
      if (!agreement.agreed) return refuse('NODES_DISAGREE', `the RPC nodes of ${message.chainId} disagree on this signature`)
      return agreement.answer.valid ? undefined : refuse('BAD_SIGNATURE', agreement.answer.why)
    } catch (error) {
      if (unreachable(error)) throw unavailable(message.chainId, error)
      throw error
    }
  }
}

/** True when ecrecover of the signature gives the account: the key's own proof, on no node's word. */
async function signedByKey(address: string, text: string, signature: string): Promise<boolean> {
  try {
    return isAddressEqual(await recoverMessageAddress({ message: text, signature: signature as `0x${string}` }), address as `0x${string}`)
  } catch {
    // Not a 65-byte ECDSA signature: a contract wallet's, which its chain checks.
    return false
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
