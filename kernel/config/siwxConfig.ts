import * as v from 'valibot'
import type { SiwxMessage } from '../siwx/message.ts'

/** A sign-in the app keeps: the message's fields, its text and the wallet's signature of that text. */
export interface SiwxSession {
  readonly data: SiwxMessage
  readonly message: string
  readonly signature: string
}

/**
 * Where sign-ins come from and go (`config.siwx`): `localSiwx()` and `serverSiwx()` of
 * `portico/siwx` implement it, and so may the app's own object.
 */
export interface SiwxConfig {
  /** The message the connected account is asked to sign (a fresh nonce each time). */
  createMessage(input: { accountAddress: string; chainId: string }): Promise<SiwxMessage>
  /** Keeps a signed message; a store that verifies it rejects a bad one. */
  addSession(session: SiwxSession): Promise<void>
  revokeSession(chainId: string, address: string): Promise<void>
  getSessions(chainId: string, address: string): Promise<SiwxSession[]>
  /** True when the app may not be used connected without a sign-in. */
  getRequired?(): boolean
}

/** The arguments `SiweConfig.createMessage` writes an EIP-4361 message from. */
export interface SiweCreateMessageArgs {
  readonly address: string
  readonly chainId: number
  readonly domain: string
  readonly uri: string
  readonly nonce: string
  readonly version: '1'
  /** Issued at (ISO). */
  readonly iat: string
  readonly statement?: string
  readonly exp?: string
  readonly nbf?: string
  readonly requestId?: string
  readonly resources?: string[]
}

/** The older, EVM-only form (`config.siweConfig`), mapped onto the same sign-in flow. */
export interface SiweConfig {
  getNonce(address?: string): Promise<string>
  createMessage(args: SiweCreateMessageArgs): string
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
  /** Fields of the message besides the account, chain and nonce; domain and uri default to the page's. */
  getMessageParams?(): Promise<{ domain?: string; uri?: string; statement?: string; resources?: string[]; expiry?: number }>
  readonly required?: boolean
}

/** An object with these methods (its own or inherited), checked without copying it, so a class instance keeps its `this`. */
function implementing<T>(required: readonly string[], optional: readonly string[], example: string) {
  const problem = (value: unknown): string | undefined => {
    if (typeof value !== 'object' || value === null) return `must be an object implementing ${required.join(', ')}`
    const record = value as Record<string, unknown>
    const missing = required.find((name) => typeof record[name] !== 'function')
    if (missing) return `${missing} must be a function`
    const wrong = optional.find((name) => record[name] !== undefined && typeof record[name] !== 'function')
    return wrong ? `${wrong} must be a function when given` : undefined
  }
  return v.custom<T>((value) => !problem(value), (issue) => `${problem(issue.input)} (${example})`)
}

export const SiwxConfigSchema = implementing<SiwxConfig>(
  ['createMessage', 'addSession', 'revokeSession', 'getSessions'],
  ['getRequired'],
  "SiwxConfig: localSiwx() or serverSiwx() from 'portico/siwx' give one",
)

export const SiweConfigSchema = v.pipe(
  implementing<SiweConfig>(['getNonce', 'createMessage', 'verifyMessage', 'getSession', 'signOut'], ['getMessageParams'], 'SiweConfig'),
  v.check((value) => value.required === undefined || typeof value.required === 'boolean', 'required must be a boolean when given'),
)
