import type { Context } from 'hono'
import * as v from 'valibot'
import { NameRegistrationMessageSchema, NameRegistrationSchema } from '../../../protocol/api/schemas.ts'
import { isValidRegistrationName } from '../../../protocol/registrationName.ts'
import { safeErrorText } from '../../common/logSafe.ts'
import type { ApiContext } from '../context.ts'
import { ApiError, sourceOf } from '../http.ts'
import type { Registration } from './registry.ts'

/** How old a signed registration may be, and how far ahead of the server's clock: a signature is not a lasting licence. */
export const MESSAGE_MAX_AGE_S = 10 * 60
const MESSAGE_MAX_AHEAD_S = 60
/** One DNS label: the longest name that still works as a subdomain. */
const NAME_MAX_LENGTH = 63

/** ENSIP-11: 60 is Ethereum mainnet, 0x80000000 | chainId any other EVM chain. */
export function coinTypeToChainId(coinType: number): string | undefined {
  if (coinType === 60) return 'eip155:1'
  if (coinType >= 0x80000000 && coinType <= 0xffffffff) return `eip155:${coinType - 0x80000000}`
  return undefined
}

/** The issue's path as a reason code: `coinType` -> BAD_COIN_TYPE. */
const reasonOf = (key: string) => `BAD_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`

function parseBody(body: unknown) {
  const parsed = v.safeParse(NameRegistrationSchema, body)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  const key = v.getDotPath(issue) ?? 'body'
  throw new ApiError(400, reasonOf(key), `${key}: ${issue.message}`)
}

function parseMessage(text: string) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'BAD_MESSAGE', 'message: is not JSON')
  }
  const parsed = v.safeParse(NameRegistrationMessageSchema, json)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  throw new ApiError(400, 'BAD_MESSAGE', `message.${v.getDotPath(issue) ?? ''}: ${issue.message}`)
}

/**
 * A registration request checked in full, cheapest checks first: its shape, the signed JSON
 * {name, attributes, timestamp}, the name rule (letters, digits and hyphens, 4 to 63), the
 * time (at most 10 min old), a network this server serves, the address, and last the
 * signature on the chain (EOA or contract wallet). Each refusal is a 4xx with its reason.
 */
export async function readRegistration(c: Context, context: ApiContext, now = Date.now()): Promise<Registration> {
  const body: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, 'BAD_BODY', 'body: is not JSON')
  })
  const { coinType, address: rawAddress, signature, message } = parseBody(body)
  const signed = parseMessage(message)
  if (!isValidRegistrationName(signed.name) || signed.name.length > NAME_MAX_LENGTH) {
    throw new ApiError(400, 'BAD_NAME', `name: "${signed.name}" may hold letters, digits and hyphens only, 4 to ${NAME_MAX_LENGTH} of them`)
  }
  const seconds = Math.floor(now / 1000)
  if (signed.timestamp < seconds - MESSAGE_MAX_AGE_S || signed.timestamp > seconds + MESSAGE_MAX_AHEAD_S) {
    throw new ApiError(400, 'STALE_MESSAGE', `message.timestamp: ${signed.timestamp} is not within 10 minutes of the server's time (${seconds})`)
  }
  const chainId = coinTypeToChainId(coinType)
  if (!chainId) throw new ApiError(400, 'BAD_COIN_TYPE', `coinType: ${coinType} is not an EVM coin type (60, or 0x80000000 | chainId)`)
  const source = sourceOf(context, chainId)
  if (!source.verifyMessage) throw new ApiError(400, 'UNSUPPORTED_CHAIN', `coinType: names cannot be registered on ${chainId}`)
  const address = source.normalizeAddress(rawAddress)
  if (address === undefined) throw new ApiError(400, 'BAD_ADDRESS', `address: "${rawAddress}" is not an address on ${chainId}`)
  let valid: boolean
  try {
    valid = await source.verifyMessage({ address, message, signature })
  } catch (error) {
    console.error('api server: a registration signature could not be checked:', safeErrorText(error))
    throw new ApiError(503, 'CHAIN_UNAVAILABLE', `the node of ${chainId} did not answer; try again`)
  }
  if (!valid) throw new ApiError(401, 'BAD_SIGNATURE', `signature: not ${address}'s signature of the message`)
  return { name: signed.name.toLowerCase(), coinType, chainId, address, attributes: signed.attributes, message, signature }
}
