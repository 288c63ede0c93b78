import { parseSiweMessage } from 'viem/siwe'
import { parseOrThrow } from '../parse.ts'
import { SiwxMessageError, SiwxMessageErrorText } from './errors.ts'
import { formatSiwxMessage } from './format.ts'
import { SIWX_ACCOUNT_NAMES, type SiwxMessage, SiwxMessageSchema, type SiwxNamespace } from './message.ts'

const header = /^\S+ wants you to sign in with your (\S+) account:\n/
const namespaceOfAccountName = new Map<string, SiwxNamespace>(Object.entries(SIWX_ACCOUNT_NAMES).map(([namespace, name]) => [name, namespace as SiwxNamespace]))

const invalid = (details: string) => new SiwxMessageError(SiwxMessageErrorText.INVALID_TEXT, { details })

function dateText(value: Date | undefined): string | undefined {
  if (value === undefined) return undefined
  return Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()
}

function fromEip4361(text: string): Record<string, unknown> {
  const fields = parseSiweMessage(text)
  return {
    domain: fields.domain,
    accountAddress: fields.address,
    uri: fields.uri,
    version: fields.version,
    chainId: fields.chainId === undefined ? undefined : `eip155:${fields.chainId}`,
    nonce: fields.nonce,
    issuedAt: dateText(fields.issuedAt),
    expirationTime: dateText(fields.expirationTime),
    notBefore: dateText(fields.notBefore),
    requestId: fields.requestId,
    resources: fields.resources,
    statement: fields.statement,
  }
}

// Reads the CAIP-122 layout line by line; whatever it lets through that is not exactly
// the canonical text is refused by the comparison in parseSiwxMessage.
function fromCaip122(text: string, namespace: SiwxNamespace): Record<string, unknown> {
  const lines = text.split('\n')
  const [, accountAddress, blank] = lines
  if (blank !== '') throw invalid('no blank line after the address')
  let at = 3
  let statement: string | undefined
  if (lines[at] !== '') {
    statement = lines[at]
    at += 1
    if (lines[at] !== '') throw invalid('no blank line after the statement')
  }
  at += 1
  const field = (label: string, optional = false): string | undefined => {
    const line = lines[at]
    if (line?.startsWith(`${label}: `)) {
      at += 1
      return line.slice(label.length + 2)
    }
    if (!optional) throw invalid(`line ${at + 1} is not "${label}: …"`)
    return undefined
  }
  const uri = field('URI')
  const version = field('Version')
  const reference = field('Chain ID')
  const nonce = field('Nonce')
  const issuedAt = field('Issued At')
  const expirationTime = field('Expiration Time', true)
  const notBefore = field('Not Before', true)
  const requestId = field('Request ID', true)
  let resources: string[] | undefined
  if (lines[at] === 'Resources:') {
    resources = lines.slice(at + 1).map((line) => (line.startsWith('- ') ? line.slice(2) : ''))
    at = lines.length
  }
  if (at !== lines.length) throw invalid(`unexpected line ${at + 1}`)
  return {
    domain: text.slice(0, text.indexOf(' ')),
    accountAddress,
    uri,
    version,
    chainId: `${namespace}:${reference}`,
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId,
    resources,
    statement,
  }
}

/**
 * The fields of a sign-in message's text. Only the exact text formatSiwxMessage
 * writes for those fields is accepted: a signed text with an extra line, a different
 * date spelling or a lower-case address could show the signer one thing and a
 * lenient reader another. Throws a SiwxMessageError: INVALID_TEXT when the text is not a
 * sign-in message, ALTERED_TEXT when it is one but not the text of its own fields.
 *
 * @example
 * const { accountAddress, chainId, nonce } = parseSiwxMessage(request.message)
 */
export function parseSiwxMessage(text: string): SiwxMessage {
  if (typeof text !== 'string') throw invalid('not a string')
  const namespace = namespaceOfAccountName.get(text.match(header)?.[1] ?? '')
  if (namespace === undefined) throw invalid('the first line is not "<domain> wants you to sign in with your <Ethereum|Solana|Bitcoin> account:"')
  const raw = namespace === 'eip155' ? fromEip4361(text) : fromCaip122(text, namespace)
  const defined = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined))
  const message = parseOrThrow(SiwxMessageSchema, defined, invalid)
  if (!message.chainId.startsWith(`${namespace}:`)) throw invalid('the chain is not of the account named on the first line')
  if (formatSiwxMessage(message) !== text) {
    throw new SiwxMessageError(SiwxMessageErrorText.ALTERED_TEXT, { details: 'a line differs from how its field is written' })
  }
  return message
}
