import { createSiweMessage } from 'viem/siwe'
import { parseOrThrow } from '../parse.ts'
import { SiwxMessageError, SiwxMessageErrorText } from './errors.ts'
import { SIWX_ACCOUNT_NAMES, type SiwxMessage, SiwxMessageSchema, siwxNamespace } from './message.ts'

const iso = (value: string) => new Date(value).toISOString()

/**
 * The text a wallet signs: EIP-4361 (written by viem) for eip155, the same layout
 * from CAIP-122 for solana and bip122, where the Chain ID line holds the CAIP-2
 * reference and the header names the account ('Solana', 'Bitcoin'). Dates are written
 * as `toISOString()` gives them and an eip155 address with its checksum.
 * Throws a SiwxMessageError naming the first bad field.
 *
 * @example
 * formatSiwxMessage({ domain: 'app.example', accountAddress: '0x…', uri: 'https://app.example', version: '1',
 *   chainId: 'eip155:1', nonce: 'k3j4h5g6f7', issuedAt: new Date().toISOString() })
 */
export function formatSiwxMessage(message: SiwxMessage): string {
  const m = parseOrThrow(SiwxMessageSchema, message, (issue) => new SiwxMessageError(SiwxMessageErrorText.INVALID_FIELDS, { details: issue }))
  const namespace = siwxNamespace(m.chainId)!
  const reference = m.chainId.slice(namespace.length + 1)
  if (namespace === 'eip155') {
    try {
      return createSiweMessage({
        address: m.accountAddress as `0x${string}`,
        chainId: Number(reference),
        domain: m.domain,
        uri: m.uri,
        version: m.version,
        nonce: m.nonce,
        issuedAt: new Date(m.issuedAt),
        expirationTime: m.expirationTime === undefined ? undefined : new Date(m.expirationTime),
        notBefore: m.notBefore === undefined ? undefined : new Date(m.notBefore),
        requestId: m.requestId,
        resources: m.resources,
        statement: m.statement,
      })
    } catch (cause) {
      // The schema mirrors viem's own checks; this keeps one error type if they ever differ.
      throw new SiwxMessageError(SiwxMessageErrorText.INVALID_FIELDS, { details: (cause as Error).message, cause })
    }
  }
  const lines = [
    `${m.domain} wants you to sign in with your ${SIWX_ACCOUNT_NAMES[namespace]} account:`,
    m.accountAddress,
    '',
    ...(m.statement === undefined ? [] : [m.statement]),
    '',
    `URI: ${m.uri}`,
    `Version: ${m.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${m.nonce}`,
    `Issued At: ${iso(m.issuedAt)}`,
  ]
  if (m.expirationTime !== undefined) lines.push(`Expiration Time: ${iso(m.expirationTime)}`)
  if (m.notBefore !== undefined) lines.push(`Not Before: ${iso(m.notBefore)}`)
  if (m.requestId !== undefined) lines.push(`Request ID: ${m.requestId}`)
  if (m.resources !== undefined) lines.push('Resources:', ...m.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}
