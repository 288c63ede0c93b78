import * as v from 'valibot'
import { ErrorText, type PluginConfigContribution, type PorticoConfig } from '../../kernel/index.ts'
import type { SiwxMessage } from '../../protocol/siwx/message.ts'

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

/**
 * An object with these methods (its own or inherited; `?` marks an optional one),
 * checked in place, not copied, so a class instance keeps its `this`. Config parsing is
 * on the first screen, hence the one small check for both forms.
 */
const implementing = <T>(name: string, methods: string) =>
  v.custom<T>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      methods.split(' ').every((key) => {
        const method = (value as Record<string, unknown>)[key.replace('?', '')]
        return typeof method === 'function' || (key.endsWith('?') && method === undefined)
      }),
    `must implement ${name}: ${methods}`,
  )

const SiwxConfigSchema = implementing<SiwxConfig>('SiwxConfig', 'createMessage addSession revokeSession getSessions getRequired?')

/** `required` is read as `=== true`, so a stray value cannot turn the sign-in on by accident. */
const SiweConfigSchema = implementing<SiweConfig>('SiweConfig', 'getNonce createMessage verifyMessage getSession signOut getMessageParams?')

/** The plugin's two top-level options (the manifest's `contributes.config`): one form or the other, never both. */
export const SIWX_CONFIG: PluginConfigContribution = {
  keys: { siwx: v.optional(SiwxConfigSchema), siweConfig: v.optional(SiweConfigSchema) },
  check: ({ siwx, siweConfig }) => (siwx && siweConfig ? { key: 'siwx', reason: ErrorText.SIWE_AND_SIWX_BOTH_SET } : undefined),
}

/** The sign-in options of a parsed config, as `SIWX_CONFIG` checked them. */
export function siwxOptions(config: PorticoConfig): { readonly siwx?: SiwxConfig; readonly siweConfig?: SiweConfig } {
  return config as { siwx?: SiwxConfig; siweConfig?: SiweConfig }
}
