import * as v from 'valibot'
import type { SiwxConfig, SiwxSession } from '../config.ts'
import { SiwxError, SiwxErrorText } from './errors.ts'
import { type MessageOptions, pageMessage, sameAccount } from './message.ts'

export interface ServerSiwxOptions extends MessageOptions {
  /** The base of the backend's sign-in routes: '/siwx' or 'https://api.example.com/siwx'. */
  readonly url: string
  /** Defaults to the page's fetch (a test or a worker passes its own). */
  readonly fetch?: typeof fetch
}

const Text = v.pipe(v.string(), v.minLength(1), v.maxLength(512))
const ServerSession = v.object({
  id: Text,
  address: Text,
  chainId: Text,
  domain: Text,
  issuedAt: v.pipe(v.string(), v.isoTimestamp()),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
})
const NonceAnswer = v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,128}$/)) })
const SessionAnswer = v.object({ session: v.nullable(ServerSession) })
const VerifyAnswer = v.object({ session: ServerSession })
const Refusal = v.object({ reason: v.pipe(v.string(), v.regex(/^[A-Z_]{1,64}$/)), detail: v.pipe(v.string(), v.maxLength(2000)) })

/**
 * Sign-ins a backend verifies and keeps (`portico/siwx-server`, or one speaking its
 * wire API): the nonce comes from GET {url}/nonce, addSession posts the signed message
 * to {url}/verify (the session cookie comes back), getSessions asks GET {url}/session
 * and revokeSession posts {url}/signout. Requests carry the page's cookies
 * (credentials: 'include'); every answer passes a schema, and every failure is a
 * SiwxError with a reason: the server's refusal code, UNREACHABLE or BAD_RESPONSE.
 */
export function serverSiwx(options: ServerSiwxOptions): SiwxConfig {
  const base = options.url.replace(/\/+$/, '')
  const call = async <S extends v.GenericSchema>(path: string, schema: S | undefined, body?: unknown): Promise<v.InferOutput<S>> => {
    let response: Response
    try {
      response = await (options.fetch ?? globalThis.fetch)(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        credentials: 'include',
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch (cause) {
      throw new SiwxError(SiwxErrorText.UNREACHABLE, 'UNREACHABLE', { details: `${base}${path}`, cause })
    }
    const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
    if (!response.ok) {
      const refusal = v.safeParse(Refusal, json)
      if (refusal.success) throw new SiwxError(SiwxErrorText.REFUSED, refusal.output.reason, { details: refusal.output.detail })
      throw new SiwxError(SiwxErrorText.BAD_RESPONSE, 'BAD_RESPONSE', { details: `${path}: HTTP ${response.status}` })
    }
    if (!schema) return undefined as v.InferOutput<S>
    const parsed = v.safeParse(schema, json)
    if (!parsed.success) {
      throw new SiwxError(SiwxErrorText.BAD_RESPONSE, 'BAD_RESPONSE', { details: `${path}: ${v.getDotPath(parsed.issues[0]) ?? ''} ${parsed.issues[0].message}` })
    }
    return parsed.output
  }

  return {
    async createMessage(input) {
      const { nonce } = await call('/nonce', NonceAnswer)
      return pageMessage(input, nonce, options)
    },
    async addSession({ message, signature }) {
      await call('/verify', VerifyAnswer, { message, signature })
    },
    async revokeSession() {
      await call('/signout', undefined, {})
    },
    async getSessions(chainId, address): Promise<SiwxSession[]> {
      const { session } = await call('/session', SessionAnswer)
      if (!session || session.chainId !== chainId || !sameAccount(chainId, session.address, address)) return []
      // The server keeps the signed text and its signature; the page gets what the server
      // says of the session (its id stands where the message's nonce was).
      return [
        {
          data: {
            domain: session.domain,
            accountAddress: session.address,
            uri: globalThis.location.origin,
            version: '1',
            chainId: session.chainId,
            nonce: session.id,
            issuedAt: session.issuedAt,
            expirationTime: session.expiresAt,
          },
          message: '',
          signature: '',
        },
      ]
    },
    getRequired: () => options.required ?? false,
  }
}
