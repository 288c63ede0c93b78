import { type ChainStore, type ConnectParameters, ErrorText, PorticoError, type PorticoStorage } from '../../kernel/index.ts'
import { NO_SOCIAL_RESULT } from '../../protocol/frameProtocol.ts'
import { storeAccountType } from './accountType.ts'
import type { FrameSession } from './frameSession.ts'
import { type AuthService, EMBEDDED_REQUEST_TIMEOUT_MS } from './contract.ts'
import { AUTH_CONNECTOR_ID, type AuthNamespace } from './service.ts'

export interface AuthServiceDeps {
  readonly frame: Pick<FrameSession, 'load' | 'request' | 'reload'>
  readonly storage: PorticoStorage
  readonly chains: ChainStore
  /** The configured namespaces the frame serves. */
  readonly namespaces: readonly AuthNamespace[]
  readonly connect: (parameters: ConnectParameters) => Promise<void>
  /** The AUTH connection's account changed (the kernel's adapter event). */
  readonly accountsChanged: (namespace: AuthNamespace, addresses: readonly string[]) => void
}

/** The AuthService over the frame session: each login step is one frame request. */
export function createAuthService({ frame, storage, chains, namespaces, connect, accountsChanged }: AuthServiceDeps): AuthService {
  return {
    requestTimeoutMs: EMBEDDED_REQUEST_TIMEOUT_MS,
    preload: async () => void (await frame.load()),
    connectEmail: (email, options) => frame.request('CONNECT_EMAIL', { email }, options),
    connectDevice: async (options) => void (await frame.request('CONNECT_DEVICE', undefined, options)),
    connectOtp: async (otp, options) => void (await frame.request('CONNECT_OTP', { otp }, options)),
    getSocialRedirectUri: async (provider, returnUrl, options) =>
      (await frame.request('GET_SOCIAL_REDIRECT_URI', returnUrl === undefined ? { provider } : { provider, returnUrl }, options)).uri,
    async connectSocial(uri, options) {
      try {
        const user = await frame.request('CONNECT_SOCIAL', { uri }, options)
        return { userName: user.userName ?? undefined }
      } catch (error) {
        if (error instanceof PorticoError && error.shortMessage === NO_SOCIAL_RESULT) return undefined
        throw error
      }
    },
    getFarcasterUri: async (options) => (await frame.request('GET_FARCASTER_URI', undefined, options)).url,
    async connectFarcaster(options) {
      const { userName } = await frame.request('CONNECT_FARCASTER', undefined, options)
      return { userName: userName || undefined }
    },
    reload: () => frame.reload(),
    connect() {
      // The active namespace when the frame serves it, else the first one it serves.
      const active = chains.get().activeNamespace
      const namespace = namespaces.find((ns) => ns === active) ?? namespaces[0]!
      return connect({ connectorId: AUTH_CONNECTOR_ID, namespace })
    },
    updateEmail: async (email) => void (await frame.request('UPDATE_EMAIL', { email })),
    updateEmailPrimaryOtp: async (otp) => void (await frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })),
    async updateEmailSecondaryOtp(otp) {
      const { newEmail } = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      storage.set('frameEmail', newEmail)
      for (const namespace of namespaces) {
        const account = chains.record(namespace)?.accountState
        if (account?.user) chains.updateAccount(namespace, { user: { ...account.user, email: newEmail } })
      }
      return { newEmail }
    },
    async setAccountType(type) {
      const network = chains.record('eip155')?.networkState.caipNetwork
      if (!network) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
      try {
        await frame.request('SET_PREFERRED_ACCOUNT', { type })
      } catch (error) {
        storeAccountType(storage, 'eip155', 'eoa')
        throw error
      }
      storeAccountType(storage, 'eip155', type)
      const user = await frame.request('GET_USER', { chainId: network.id, preferredAccountType: type })
      chains.updateAccount('eip155', {
        preferredAccountType: user.preferredAccountType,
        smartAccountDeployed: user.smartAccountDeployed,
        allAccounts: user.accounts.map((account) => ({ ...account, namespace: 'eip155' })),
      })
      // The address in use first: the kernel treats it as the connection's new account (balance, sign-in).
      accountsChanged('eip155', [user.address, ...user.accounts.map((account) => account.address).filter((address) => address !== user.address)])
    },
  }
}
