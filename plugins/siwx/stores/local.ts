import * as v from 'valibot'
import type { SiwxConfig, SiwxSession } from '../config.ts'
import { type MessageOptions, pageMessage, sameAccount } from './message.ts'

export const LOCAL_SIWX_STORAGE_KEY = '@portico/siwx_sessions'

// The message schema comes with the first read, not with the page: an app's first screen carries the store.
const storedSessions = async () => {
  const { SiwxMessageSchema } = await import('../../../protocol/siwx/message.ts')
  return v.array(v.object({ data: SiwxMessageSchema, message: v.string(), signature: v.string() }))
}

export interface LocalSiwxOptions extends MessageOptions {
  /** How long a sign-in lasts; without it, until it is revoked. */
  readonly expirationSeconds?: number
  /** Where sessions are kept; the page's localStorage by default. */
  readonly storage?: Pick<Storage, 'getItem' | 'setItem'>
  readonly now?: () => Date
}

const NONCE_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** 16 random letters and digits; since 256 = 4·62 + 8 the first 8 come slightly more often, which a nonce (unguessable, not uniform) allows. */
function randomNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join('')
}

/**
 * Sign-ins kept in the browser, for apps without a backend: the signature is kept,
 * not verified (nothing on the page could be trusted to verify it), so it proves
 * nothing to a server; use `serverSiwx` where a backend must trust the sign-in.
 * Stored sessions pass a schema on read; a bad store counts as none.
 */
export function localSiwx(options: LocalSiwxOptions = {}): SiwxConfig {
  const storage = () => options.storage ?? globalThis.localStorage
  const now = () => options.now?.() ?? new Date()
  const read = async (): Promise<SiwxSession[]> => {
    const schema = await storedSessions()
    try {
      const parsed = v.safeParse(schema, JSON.parse(storage().getItem(LOCAL_SIWX_STORAGE_KEY) ?? '[]'))
      return parsed.success ? parsed.output : []
    } catch {
      return []
    }
  }
  const write = (sessions: SiwxSession[]) => storage().setItem(LOCAL_SIWX_STORAGE_KEY, JSON.stringify(sessions))
  const isFor = (session: SiwxSession, chainId: string, address: string) => session.data.chainId === chainId && sameAccount(chainId, session.data.accountAddress, address)
  const live = (session: SiwxSession) => !session.data.expirationTime || Date.parse(session.data.expirationTime) > now().getTime()

  return {
    async createMessage(input) {
      const issued = now()
      const expiresAt = options.expirationSeconds ? new Date(issued.getTime() + options.expirationSeconds * 1000) : undefined
      return pageMessage(input, randomNonce(), { ...options, ...(expiresAt ? { expiresAt } : {}) }, issued)
    },
    async addSession(session) {
      const { chainId, accountAddress } = session.data
      write([...(await read()).filter((s) => live(s) && !isFor(s, chainId, accountAddress)), session])
    },
    async revokeSession(chainId, address) {
      write((await read()).filter((s) => !isFor(s, chainId, address)))
    },
    async getSessions(chainId, address) {
      return (await read()).filter((s) => isFor(s, chainId, address) && live(s))
    },
    getRequired: () => options.required ?? false,
  }
}
