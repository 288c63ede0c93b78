import type { PorticoConfig } from '../../kernel/index.ts'
import { type SiwxMessage, formatSiwxMessage } from '../../protocol/siwx/index.ts'
import { type SiweConfig, type SiwxConfig, type SiwxSession, siwxOptions } from './config.ts'
import { SiwxError, SiwxErrorText } from './stores/errors.ts'

/** One sign-in's account: the CAIP-2 chain and the address on it. */
export interface SiwxAccount {
  readonly chainId: string
  readonly address: string
}

/** A message ready to sign: its fields and the exact text the wallet signs. */
export interface PreparedMessage {
  readonly data: SiwxMessage
  readonly text: string
}

/** What the sign-in flow needs, whichever config form (`siwx` or `siweConfig`) the app gave. */
export interface SignInSource {
  required(): boolean
  /** Whether sign-ins of this form exist for the namespace (`siweConfig` is EVM only). */
  supports(namespace: string): boolean
  hasSession(account: SiwxAccount): Promise<boolean>
  prepare(account: SiwxAccount): Promise<PreparedMessage>
  /** Keeps (and, for a verifying store, checks) the signed message; rejects when it is refused. */
  addSession(session: SiwxSession): Promise<void>
  revoke(account: SiwxAccount): Promise<void>
}

/** The source of a kit's config, or undefined when SIWX is off. */
export function signInSource(config: PorticoConfig): SignInSource | undefined {
  const { siwx, siweConfig } = siwxOptions(config)
  if (siwx) return fromSiwx(siwx)
  if (siweConfig) return fromSiwe(siweConfig)
  return undefined
}

function fromSiwx(siwx: SiwxConfig): SignInSource {
  return {
    required: () => siwx.getRequired?.() ?? false,
    supports: (namespace) => namespace === 'eip155' || namespace === 'solana',
    hasSession: async ({ chainId, address }) => (await siwx.getSessions(chainId, address)).length > 0,
    async prepare({ chainId, address }) {
      const data = await siwx.createMessage({ accountAddress: address, chainId })
      return { data, text: formatSiwxMessage(data) }
    },
    addSession: (session) => siwx.addSession(session),
    revoke: ({ chainId, address }) => siwx.revokeSession(chainId, address),
  }
}

/**
 * The older EVM-only form: its nonce, its own message text, its verification and its
 * single session (which counts for the account and chain it names).
 */
function fromSiwe(siwe: SiweConfig): SignInSource {
  const chainNumber = (chainId: string) => Number(chainId.slice('eip155:'.length))
  return {
    required: () => siwe.required === true,
    supports: (namespace) => namespace === 'eip155',
    async hasSession({ chainId, address }) {
      const session = await siwe.getSession()
      return Boolean(session && session.chainId === chainNumber(chainId) && session.address.toLowerCase() === address.toLowerCase())
    },
    async prepare({ chainId, address }) {
      const params = (await siwe.getMessageParams?.()) ?? {}
      const nonce = await siwe.getNonce(address)
      const issuedAt = new Date()
      const data: SiwxMessage = {
        domain: params.domain ?? globalThis.location.host,
        uri: params.uri ?? globalThis.location.origin,
        accountAddress: address,
        chainId,
        version: '1',
        nonce,
        issuedAt: issuedAt.toISOString(),
        ...(params.statement ? { statement: params.statement } : {}),
        ...(params.resources ? { resources: params.resources } : {}),
        ...(params.expiry ? { expirationTime: new Date(issuedAt.getTime() + params.expiry * 1000).toISOString() } : {}),
      }
      const text = siwe.createMessage({
        address,
        chainId: chainNumber(chainId),
        domain: data.domain,
        uri: data.uri,
        nonce,
        version: '1',
        iat: data.issuedAt,
        ...(data.statement ? { statement: data.statement } : {}),
        ...(data.resources ? { resources: data.resources } : {}),
        ...(data.expirationTime ? { exp: data.expirationTime } : {}),
      })
      return { data, text }
    },
    async addSession({ message, signature }) {
      if (!(await siwe.verifyMessage({ message, signature }))) {
        throw new SiwxError(SiwxErrorText.REFUSED, 'NOT_VERIFIED', { details: 'siweConfig.verifyMessage returned false' })
      }
    },
    revoke: async () => void (await siwe.signOut()),
  }
}
