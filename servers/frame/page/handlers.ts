import { type Address, bytesToHex } from 'viem'
import * as v from 'valibot'
import { ErrorText, EmbeddedWalletErrorText, SnackText } from '../../../kernel/errors/catalogue.ts'
import { DeviceConsentText } from '../../../protocol/consentText.ts'
import { isSafeRpcMethod } from '../../../kernel/rpc/methods.ts'
import { type AppPayload, type AppRequestName, type FrameEvent, type FrameReply, NO_SOCIAL_RESULT, SOCIAL_RESULT_PARAM } from '../../../protocol/frameProtocol.ts'
import { type Api, ApiRefusal } from './api.ts'
import { askApproval } from './approval.ts'
import type { SmartAccountNetwork } from './config.ts'
import { consentRows, createConsentWatch, DeviceWaiting, isRefused } from './consent.ts'
import { evmSigningRequest } from './evm.ts'
import type { SmartContext } from './evmSmart.ts'
import { namespaceOfChain } from './keys.ts'
import { jsonRpc } from './rpc.ts'
import type { SessionStore } from './session.ts'
import type { SocialResultInbox } from './socialResult.ts'
import type { FrameNetwork, SigningRequest } from './signing.ts'
import { solanaSigningRequest } from './solana.ts'
import type { Keystore } from './keystore.ts'
import type { Wallets } from './wallets.ts'

export type Handlers = { [N in AppRequestName]: (payload: AppPayload<N>) => Promise<FrameReply<N>> }

export interface HandlerDeps {
  api: Api
  wallets: Wallets
  keystore: Keystore
  session: SessionStore
  emit(event: FrameEvent): void
  /** The chain id the page was opened with (its query string). */
  initialChainId: string | number
  doc: Document
  /** The host's origin as the browser reported it on the channel: the approval panel names the asking site by it. */
  hostOrigin(): string | undefined
  reload(): void
  /** This tab's storage on the frame's origin: a social login started before a full-page redirect is finished after it. */
  tabStorage: Storage
  /** Where a popup login's result arrives from the popup. */
  socialResults: SocialResultInbox
  /** The networks with a smart account (the frame server's config): the only bundlers and paymasters the frame uses. */
  smartAccounts: readonly SmartAccountNetwork[]
}

type AccountType = AppPayload<'SET_PREFERRED_ACCOUNT'>['type']

const Action = v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP']) })
const Approved = v.object({ approved: v.boolean() })
const Verified = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  hostToken: v.string(),
  user: v.object({ id: v.string(), email: v.nullable(v.string()) }),
  recovery: v.boolean(),
})
const NewEmail = v.object({ newEmail: v.string() })
const SocialStarted = v.object({ uri: v.pipe(v.string(), v.url()) })
const SocialVerified = v.object({ ...Verified.entries, userName: v.nullable(v.string()) })
const FarcasterStarted = v.object({ url: v.pipe(v.string(), v.url()), channelToken: v.string() })
const FarcasterWaited = v.variant('completed', [v.object({ completed: v.literal(false) }), v.object({ completed: v.literal(true), ...SocialVerified.entries })])

/** Where the frame keeps the secret that binds the social login it started to itself. */
const SOCIAL_BINDING_KEY = '@portico-frame/social-binding'
export { NO_SOCIAL_RESULT }

export const NO_SMART_ACCOUNTS = 'Smart accounts are not available'
export const NO_FARCASTER = 'Ask for the Farcaster url first'
export const NO_EMAIL = 'Enter your email first'
/** How long CONNECT_DEVICE keeps waiting (in long polls) for the mailed link to be followed. */
export const DEVICE_WAIT_MS = 120_000
/** How often a new device held for consent asks again for the shares. */
export const CONSENT_RETRY_MS = 5_000

/** EVM methods the frame answers from what it knows, without a node. */
const ACCOUNT_METHODS = new Set(['eth_accounts', 'eth_requestAccounts', 'solana_getAccounts', 'solana_requestAccounts'])
/** EIP-5792 reads a smart account answers itself (wallet_showCallsStatus too: the frame has no other view of a batch). */
const SMART_READS = ['wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_showCallsStatus'] as const
const isSmartRead = (method: string): method is (typeof SMART_READS)[number] => (SMART_READS as readonly string[]).includes(method)

/** The CAIP-2 id of an EVM chain id (a number, digits, or already CAIP-2). */
const evmNetworkId = (chain: string | number) => (typeof chain === 'number' || /^\d+$/.test(chain) ? `eip155:${chain}` : chain)

/**
 * What the frame does for each host request. Every request of the protocol has a
 * handler here (the type says so); a thrown error's text becomes the _ERROR reply.
 */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { api, wallets, keystore, session } = deps
  let email: string | undefined
  let chainId = deps.initialChainId
  let networks = new Map<string, FrameNetwork>()
  let site: string | undefined
  let deviceWait: Promise<void> | undefined
  /** The Farcaster login this frame started: the relay channel, and the secret binding it to this frame. */
  let farcaster: { channelToken: string; binding: string } | undefined
  let farcasterWait: Promise<FrameReply<'CONNECT_FARCASTER'>> | undefined
  /** Approvals are shown one at a time, in the order asked. */
  let approvals: Promise<unknown> = Promise.resolve()
  /** Devices new to the account, waiting for this one's consent. */
  const consent = createConsentWatch({ api, session, emit: deps.emit, doc: deps.doc })
  /** This device's own wait for consent, while it is held. */
  let consentWait: Promise<void> | undefined
  const smartNetworks = new Map(deps.smartAccounts.map((network) => [network.caipNetworkId, network]))
  /** The account type the host asked for: SPEC's eip155 default. It acts only where the network has a smart account. */
  let wanted: AccountType = 'smartAccount'
  /** Counterfactual addresses worked out, by network and owner: the factory's answer never changes. */
  const smartAddresses = new Map<string, Address>()

  const caller = async () => ({ email: email ?? '', deviceId: await keystore.deviceId() })
  const requireEmail = () => {
    if (!email) throw new Error(NO_EMAIL)
  }
  const addressFor = async (namespace: 'eip155' | 'solana') => {
    const address = (await wallets.me()).wallets[namespace]
    if (!address) throw new Error(`This account has no ${namespace} address`)
    return address
  }

  /** The smart account on this network, or undefined where it has none (or the host did not allow the network). */
  async function smartContext(caipNetworkId: string): Promise<SmartContext | undefined> {
    const smart = smartNetworks.get(caipNetworkId)
    const network = networks.get(caipNetworkId)
    if (!smart || !network) return undefined
    const owner = (await addressFor('eip155')) as Address
    const key = `${caipNetworkId} ${owner}`
    let address = smartAddresses.get(key)
    if (!address) {
      // The account abstraction code loads on first use only.
      const { counterfactualAddress, networkClient } = await import('./smartAccount.ts')
      address = await counterfactualAddress(networkClient(network), owner)
      smartAddresses.set(key, address)
    }
    return { network, smart, owner, address }
  }

  /** The smart account the requests on this network go from, when the visitor prefers it. */
  const actingSmart = (caipNetworkId: string) => (wanted === 'smartAccount' ? smartContext(caipNetworkId) : undefined)

  async function waitForDevice(): Promise<void> {
    const deadline = Date.now() + DEVICE_WAIT_MS
    while (Date.now() < deadline) {
      const { approved } = await api.call('POST', '/v1/device/wait', Approved, { body: await caller() })
      if (approved) return
    }
    throw new Error('The device was not approved in time: open the link in the mail, then try again')
  }

  /** Long polls until the visitor's Farcaster app has signed (or the login expired: the server says so). */
  async function waitForFarcaster(started: { channelToken: string; binding: string }): Promise<FrameReply<'CONNECT_FARCASTER'>> {
    for (;;) {
      const body = { deviceId: await keystore.deviceId(), ...started }
      const waited = await api.call('POST', '/v1/farcaster/connect', FarcasterWaited, { body })
      if (!waited.completed) continue
      if (farcaster === started) farcaster = undefined
      await signIn(waited, waited.userName)
      return { userName: waited.userName ?? '' }
    }
  }

  const newBinding = () => bytesToHex(crypto.getRandomValues(new Uint8Array(32))).slice(2)

  /**
   * The user on a chain: the key's address (eoa) and, where the network has one, the smart
   * account it owns (its counterfactual address until the first user operation deploys it).
   * A smart account that cannot be worked out (the node is down) leaves the eoa.
   */
  const userOf = async (chain: string | number): Promise<FrameReply<'GET_USER'>> => {
    const namespace = namespaceOfChain(chain)
    const account = await wallets.me()
    const address = account.wallets[namespace]
    if (!address) throw new Error(`This account has no ${namespace} address`)
    chainId = chain
    const userName = session.get()?.userName
    const smart = namespace === 'eip155' ? await smartContext(evmNetworkId(chain)).catch(() => undefined) : undefined
    const deployed = smart ? await import('./smartAccount.ts').then((m) => m.isDeployed(m.networkClient(smart.network), smart.address)).catch(() => false) : false
    const type: AccountType = smart && wanted === 'smartAccount' ? 'smartAccount' : 'eoa'
    return {
      email: account.user.email,
      address: type === 'smartAccount' ? smart!.address : address,
      chainId: chain,
      accounts: [{ address, type: 'eoa' }, ...(smart ? [{ address: smart.address, type: 'smartAccount' as const }] : [])],
      smartAccountDeployed: deployed,
      preferredAccountType: type,
      ...(userName ? { userName } : {}),
    }
  }

  /** A session from the server (code or social login): kept on this origin, the wallets set up, the host told. */
  async function signIn(verified: v.InferOutput<typeof Verified>, userName: string | null) {
    session.set({
      accessToken: verified.accessToken,
      refreshToken: verified.refreshToken,
      hostToken: verified.hostToken,
      userId: verified.user.id,
      email: verified.user.email,
      userName,
      recovery: verified.recovery,
    })
    await setUpDevice()
  }

  /**
   * Makes this device able to sign; the host hears of the session only then. A device held for
   * consent fails with the wait's text (the host shows it) and keeps asking on its own.
   */
  async function setUpDevice(): Promise<void> {
    try {
      await wallets.setUp()
    } catch (error) {
      if (error instanceof DeviceWaiting) {
        consentWait ??= waitForConsent().finally(() => (consentWait = undefined))
      }
      throw error
    }
    deps.emit({ type: '@portico-frame/SESSION_UPDATE', payload: { token: session.get()!.hostToken } })
    consent.start()
  }

  /** Asks again every 5 s until an existing device approved this one or the delay passed; a refusal ends the session. */
  async function waitForConsent(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, CONSENT_RETRY_MS))
      if (!session.get()) return
      try {
        await wallets.setUp()
      } catch (error) {
        if (isRefused(error)) {
          session.clear()
          deps.emit({ type: '@portico-frame/SESSION_ENDED', payload: {} })
          return
        }
        if (error instanceof ApiRefusal && error.status === 401) return
        continue
      }
      deps.emit({ type: '@portico-frame/SESSION_UPDATE', payload: { token: session.get()!.hostToken } })
      deps.emit({ type: '@portico-frame/DEVICE_RELEASED', payload: {} })
      consent.start()
      return
    }
  }

  /** Asks the visitor, in this frame's own panel, about each device waiting; approves or refuses it. */
  async function reviewDevices(): Promise<FrameReply<'REVIEW_DEVICES'>> {
    let approved = 0
    let refused = 0
    for (const device of await consent.pending()) {
      const turn = approvals.then(() => askApproval(deps.doc, { method: DeviceConsentText.METHOD, rows: consentRows(device), site: device.site }))
      approvals = turn.catch(() => undefined)
      const yes = await turn
      await api.call('POST', yes ? '/v1/devices/approve' : '/v1/devices/refuse', undefined, { auth: true, body: { deviceId: device.deviceId } })
      if (yes) approved += 1
      else refused += 1
    }
    return { approved, refused }
  }

  async function rpcRequest({ method, params, caipNetworkId }: AppPayload<'RPC_REQUEST'>): Promise<FrameReply<'RPC_REQUEST'>> {
    const network = networks.get(caipNetworkId)
    if (!network) throw new Error(`${caipNetworkId} is not a network this site allows`)
    const namespace = namespaceOfChain(caipNetworkId)
    const smart = namespace === 'eip155' ? await actingSmart(caipNetworkId) : undefined
    const address = smart?.address ?? (await addressFor(namespace))
    if (ACCOUNT_METHODS.has(method)) return { result: namespace === 'eip155' ? [address] : [{ pubkey: address }] }
    if (method === 'eth_chainId') return { result: `0x${Number(caipNetworkId.split(':')[1]).toString(16)}` }
    if (isSmartRead(method)) {
      if (!smart) return import('./evmCalls.ts').then(({ eoaCallsRead }) => eoaCallsRead(method, params, network, address))
      const { smartReadRequest } = await import('./evmSmart.ts')
      const read = smartReadRequest(method, params, smart, deps.smartAccounts)
      // What a wallet cannot tell about its capabilities, it does not have.
      return method === 'wallet_getCapabilities' ? read.catch(() => ({ result: {} })) : read
    }
    if (namespace === 'eip155' && isSafeRpcMethod(method)) return { result: await jsonRpc(network.rpcUrl, method, params) }
    // Prepared in its turn: a transaction's nonce is read from the node after the one before it was sent.
    const turn = approvals.then(async () => {
      const request: SigningRequest | undefined = await (smart
        ? import('./evmSmart.ts').then(({ smartSigningRequest }) => smartSigningRequest(method, params, smart))
        : namespace === 'eip155'
          ? evmSigningRequest(method, params, network, address)
          : solanaSigningRequest(method, params, network, address))
      if (!request) throw new Error(ErrorText.RPC_METHOD_NOT_ALLOWED)
      const { rows, warnings } = request
      const approved = await askApproval(deps.doc, { method: request.method, rows, warnings, site, origin: deps.hostOrigin() })
      if (!approved) throw new Error(SnackText.SIGNATURE_DECLINED)
      // A smart account's key is its owner's: the embedded EOA.
      return wallets.useKey(namespace, request.perform)
    })
    approvals = turn.catch(() => undefined)
    return { result: await turn }
  }

  return {
    async CONNECT_EMAIL(payload) {
      email = payload.email
      return api.call('POST', '/v1/email/start', Action, { body: await caller() })
    },
    async CONNECT_DEVICE() {
      requireEmail()
      // A retry after the host timed out joins the wait already under way.
      deviceWait ??= waitForDevice().finally(() => (deviceWait = undefined))
      await deviceWait
      return {}
    },
    async CONNECT_OTP({ otp }) {
      requireEmail()
      const verified = await api.call('POST', '/v1/email/verify', Verified, { body: { ...(await caller()), otp } })
      await signIn(verified, null)
      return {}
    },
    async GET_SOCIAL_REDIRECT_URI({ provider, returnUrl }) {
      // A new secret per login: only this frame (this tab, on this origin) may finish it.
      const binding = newBinding()
      const flow = returnUrl === undefined ? 'popup' : 'redirect'
      const { uri } = await api.call('POST', '/v1/social/start', SocialStarted, { body: { provider, binding, flow, returnUrl } })
      deps.tabStorage.setItem(SOCIAL_BINDING_KEY, binding)
      if (flow === 'popup') deps.socialResults.expect()
      return { uri }
    },
    async CONNECT_SOCIAL({ uri }) {
      // Redirect flow (and Telegram's result_uri): the result is in the address; popup flow: the popup handed it over.
      const inAddress = new URLSearchParams(new URL(uri).hash.slice(1)).get(SOCIAL_RESULT_PARAM)
      const result = inAddress ?? deps.socialResults.take()
      if (!result) throw new Error(NO_SOCIAL_RESULT)
      const binding = deps.tabStorage.getItem(SOCIAL_BINDING_KEY) ?? ''
      const body = { deviceId: await keystore.deviceId(), binding, result }
      const verified = await api.call('POST', '/v1/social/connect', SocialVerified, { body })
      deps.tabStorage.removeItem(SOCIAL_BINDING_KEY)
      await signIn(verified, verified.userName)
      return userOf(chainId)
    },
    async GET_USER(payload) {
      if (payload.preferredAccountType) wanted = payload.preferredAccountType
      const user = await userOf(payload.chainId)
      consent.start()
      return user
    },
    async IS_CONNECTED({ token }) {
      const current = session.get()
      if (!current || (token !== undefined && token !== current.hostToken)) return { isConnected: false }
      try {
        await wallets.me()
        consent.start()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 401) return { isConnected: false }
        throw error
      }
    },
    async SIGN_OUT() {
      if (session.get()) {
        // The server revokes the session; the device share stays, this device remains known.
        await api.call('POST', '/v1/session/signout', undefined, { auth: true }).catch(() => undefined)
        session.clear()
        consent.stop()
      }
      return {}
    },
    async GET_CHAIN_ID() {
      return { chainId }
    },
    async SWITCH_NETWORK(payload) {
      namespaceOfChain(payload.chainId)
      chainId = payload.chainId
      return { chainId }
    },
    RPC_REQUEST: rpcRequest,
    async UPDATE_EMAIL(payload) {
      await api.call('POST', '/v1/email/update', undefined, { auth: true, body: { newEmail: payload.email } })
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await api.call('POST', '/v1/email/update/primary', undefined, { auth: true, body: { otp } })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { newEmail } = await api.call('POST', '/v1/email/update/secondary', NewEmail, { auth: true, body: { otp } })
      session.update({ email: newEmail })
      return { newEmail }
    },
    async SYNC_THEME({ themeMode }) {
      // Only the mode: the approval panel keeps its own colours, so a hostile host's
      // variables cannot make its text invisible or restyle what the visitor approves.
      deps.doc.documentElement.dataset.theme = themeMode
      return {}
    },
    async SYNC_DAPP_DATA(payload) {
      networks = new Map(payload.networks.map((network) => [network.caipNetworkId, network]))
      site = payload.metadata?.name
      return {}
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: deps.smartAccounts.map((network) => Number(network.caipNetworkId.split(':')[1])) }
    },
    async INIT_SMART_ACCOUNT() {
      if (namespaceOfChain(chainId) !== 'eip155' || !(await smartContext(evmNetworkId(chainId)))) throw new Error(NO_SMART_ACCOUNTS)
      return {}
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      if (type === 'eoa') {
        wanted = 'eoa'
        return { type, address: await addressFor(namespaceOfChain(chainId)) }
      }
      const smart = namespaceOfChain(chainId) === 'eip155' ? await smartContext(evmNetworkId(chainId)) : undefined
      if (!smart) throw new Error(NO_SMART_ACCOUNTS)
      wanted = type
      return { type, address: smart.address }
    },
    async RELOAD() {
      // After the reply is posted.
      setTimeout(deps.reload, 0)
      return {}
    },
    async GET_FARCASTER_URI() {
      const binding = newBinding()
      const { url, channelToken } = await api.call('POST', '/v1/farcaster/start', FarcasterStarted, { body: { binding } })
      farcaster = { channelToken, binding }
      return { url }
    },
    REVIEW_DEVICES: reviewDevices,
    async CONNECT_FARCASTER() {
      const started = farcaster
      if (!started) throw new Error(NO_FARCASTER)
      // A host that asks again (the view shown anew) joins the wait already under way.
      farcasterWait ??= waitForFarcaster(started).finally(() => (farcasterWait = undefined))
      return farcasterWait
    },
  }
}

/** Runs the handler of a request and turns its outcome into the reply; an error's text is what the host shows. */
export async function dispatch<N extends AppRequestName>(
  handlers: Handlers,
  name: N,
  payload: AppPayload<N>,
): Promise<{ outcome: 'SUCCESS'; payload: FrameReply<N> } | { outcome: 'ERROR'; payload: { message: string } }> {
  try {
    return { outcome: 'SUCCESS', payload: await (handlers[name] as (payload: AppPayload<N>) => Promise<FrameReply<N>>)(payload) }
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : EmbeddedWalletErrorText.SOMETHING_WENT_WRONG
    return { outcome: 'ERROR', payload: { message: message.slice(0, 500) } }
  }
}
