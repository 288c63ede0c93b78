import { type Address, type Hex, isAddressEqual, parseAbi, recoverMessageAddress, zeroAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import * as v from 'valibot'
import { type RpcUrls, askNodes, rpcNodes, secondOpinionProblem } from '../../common/agreeingNodes.ts'
import { safeErrorText } from '../../common/logSafe.ts'
import { ApiError } from '../http.ts'

/** Farcaster's IdRegistry on Optimism: who holds each fid (its custody address). */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** Farcaster's public auth relay. */
export const FARCASTER_RELAY = 'https://relay.farcaster.xyz'
/** Sign In With Farcaster messages name OP Mainnet, where the IdRegistry is. */
const SIWF_CHAIN_ID = 10

/**
 * The node(s) of the chain the IdRegistry is on (OP Mainnet in production): one RPC URL, e.g.
 * https://mainnet.optimism.io, or two of two providers, which must then agree on every custody
 * address and contract signature (one node that lies cannot log anyone in as any fid).
 */
export type FarcasterRpc = { readonly rpcUrl: string; readonly rpcUrls?: undefined } | { readonly rpcUrls: Exclude<RpcUrls, string>; readonly rpcUrl?: undefined }

/** How the frame server reaches Farcaster: its auth relay, and the IdRegistry it reads custody addresses from. */
export type FarcasterOptions = FarcasterRpc & {
  /** The auth relay (channel protocol, /v1/channel). Default: https://relay.farcaster.xyz. */
  readonly relayUrl?: string
  /** Default: Farcaster's IdRegistry, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b. */
  readonly idRegistry?: Address
  /** The domain the message must be signed for. Default: the frame server's public host. */
  readonly domain?: string
}

/** The refusals a Farcaster login can meet; the frame shows them as they are. */
export const FarcasterRefusal = {
  NOT_CONFIGURED: 'Farcaster login is not configured on the frame server',
  RELAY_FAILED: 'The Farcaster relay did not answer as expected',
  NOT_STARTED: 'This Farcaster login was not started here',
  REPLAYED: 'This Farcaster login was already used: start again',
  EXPIRED: 'This Farcaster login expired: start again',
  BAD_MESSAGE: 'The Sign In With Farcaster message is not valid',
  WRONG_DOMAIN: 'Wrong domain: the message was not signed for this site',
  NONCE_MISMATCH: 'Nonce mismatch: the message was not signed for this login',
  MESSAGE_EXPIRED: 'The Sign In With Farcaster message expired: start again',
  NOT_YET_VALID: 'The Sign In With Farcaster message is not valid yet',
  WRONG_FID: 'The message names another Farcaster account',
  NO_ACCOUNT: 'No Farcaster account has this fid',
  BAD_SIGNATURE: "The signature is not from the Farcaster account's custody address",
  NODES_DISAGREE: 'The Farcaster login could not be checked: the RPC nodes disagree',
} as const

const refuse = (text: string) => new ApiError(400, text)

/** What the relay hands back once the visitor's Farcaster app has signed. */
export const CompletedChannel = v.object({
  state: v.literal('completed'),
  message: v.pipe(v.string(), v.maxLength(4096)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130,}$/, 'must be a hex signature')),
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  username: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))),
})
export type CompletedSignIn = v.InferOutput<typeof CompletedChannel>

/** The fid a SIWF message's resources name (farcaster://fid/N), when exactly one is named. */
function fidOf(resources: readonly string[] | undefined): number | undefined {
  const fids = (resources ?? []).map((resource) => /^farcaster:\/\/fid\/(\d{1,20})$/.exec(resource)?.[1]).filter(Boolean)
  return fids.length === 1 ? Number(fids[0]) : undefined
}

/** Reads custody addresses and checks signatures on the IdRegistry's chain. */
export interface FarcasterChain {
  custodyOf(fid: number): Promise<Address>
  verifyMessage(address: Address, message: string, signature: Hex): Promise<boolean>
}

/** The nodes give different answers: no custody address, no verdict, so no login. */
const disagree = () => new ApiError(502, FarcasterRefusal.NODES_DISAGREE)

/** On two nodes, every read is asked of both and must come back the same. */
export function createFarcasterChain(options: FarcasterRpc & Pick<FarcasterOptions, 'idRegistry'>): FarcasterChain {
  const problem = secondOpinionProblem(options.rpcUrls ?? options.rpcUrl)
  if (problem !== undefined) throw new Error(`frame server: farcaster.rpcUrls: ${problem}`)
  const nodes = rpcNodes(options.rpcUrls ?? options.rpcUrl, 3)
  const abi = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])
  return {
    async custodyOf(fid) {
      const read = (client: (typeof nodes)[number]['client']) =>
        client.readContract({ address: options.idRegistry ?? FARCASTER_ID_REGISTRY, abi, functionName: 'custodyOf', args: [BigInt(fid)] })
      const custody = await askNodes(nodes, `frame server: custodyOf(${fid})`, read, (address) => address.toLowerCase())
      if (!custody.agreed) throw disagree()
      return custody.answer
    },
    async verifyMessage(address, message, signature) {
      // The custody key's own signature needs no node; a contract custody address is checked through ERC-1271.
      const signer = await recoverMessageAddress({ message, signature }).catch(() => undefined)
      if (signer !== undefined && isAddressEqual(signer, address)) return true
      const valid = await askNodes(nodes, `frame server: a signature of custody ${address}`, (client) => client.verifyMessage({ address, message, signature }))
      if (!valid.agreed) throw disagree()
      return valid.answer
    },
  }
}

/**
 * Verifies a Sign In With Farcaster message (a SIWE message whose resources name the fid):
 * signed for `domain`, carrying this login's nonce, within its validity, naming the fid the
 * relay reported, and signed by that fid's custody address as the IdRegistry has it now.
 * Returns the fid; anything else is a 400 with the reason.
 */
export async function verifySignIn(chain: FarcasterChain, signIn: CompletedSignIn, expected: { domain: string; nonce: string; now: Date }): Promise<number> {
  const message = parseSiweMessage(signIn.message)
  if (!message.address || !message.domain || !message.nonce || message.chainId !== SIWF_CHAIN_ID) throw refuse(FarcasterRefusal.BAD_MESSAGE)
  if (message.domain !== expected.domain) throw refuse(FarcasterRefusal.WRONG_DOMAIN)
  if (message.nonce !== expected.nonce) throw refuse(FarcasterRefusal.NONCE_MISMATCH)
  if (message.expirationTime && message.expirationTime <= expected.now) throw refuse(FarcasterRefusal.MESSAGE_EXPIRED)
  if (message.notBefore && message.notBefore > expected.now) throw refuse(FarcasterRefusal.NOT_YET_VALID)
  if (fidOf(message.resources) !== signIn.fid) throw refuse(FarcasterRefusal.WRONG_FID)
  let custody: Address
  try {
    custody = await chain.custodyOf(signIn.fid)
  } catch (error) {
    if (error instanceof ApiError) throw error
    console.error('frame server: IdRegistry read failed:', safeErrorText(error))
    throw new ApiError(502, FarcasterRefusal.RELAY_FAILED)
  }
  if (isAddressEqual(custody, zeroAddress)) throw refuse(FarcasterRefusal.NO_ACCOUNT)
  if (!isAddressEqual(message.address, custody)) throw refuse(FarcasterRefusal.BAD_SIGNATURE)
  const valid = await chain.verifyMessage(custody, signIn.message, signIn.signature as Hex).catch((error: unknown) => {
    if (error instanceof ApiError) throw error
    return false
  })
  if (!valid) throw refuse(FarcasterRefusal.BAD_SIGNATURE)
  return signIn.fid
}
