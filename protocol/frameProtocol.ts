import * as v from 'valibot'
import { CAIP2_PATTERN } from './caip.ts'
import { SOCIAL_PROVIDERS } from './socialProviders.ts'

/**
 * The messages between the host page (the auth plugin's frame client) and the secure
 * frame (servers/frame/page), both directions as valibot schemas. Both sides import
 * this module, so a message one side sends is one the other side accepts; anything
 * else is dropped on receipt.
 *
 * A request from the host is `{ id, type: '@portico-app/<NAME>', payload }`. The frame
 * answers it with `{ id, type: '@portico-frame/<NAME>_SUCCESS', payload }` or
 * `{ id, type: '@portico-frame/<NAME>_ERROR', payload: { message } }`, the same id.
 * The frame also sends events of its own, without an id: READY (once loaded),
 * SESSION_UPDATE (a new host token after a login or a refresh), SESSION_ENDED
 * when its session is gone (signed out elsewhere, refresh refused), and the device
 * consent events DEVICE_PENDING and DEVICE_RELEASED.
 */

export const APP_PREFIX = '@portico-app/'
export const FRAME_PREFIX = '@portico-frame/'

export { SOCIAL_RESULT_PARAM } from './socialResultParam.ts'

/**
 * The popup flow's hand-over, between two windows of the frame server's origin only: the
 * callback page in the popup posts `{ type: SOCIAL_RESULT_MESSAGE, result }` to its opener's
 * frames with that origin as the target, and the Portico frame answers SOCIAL_RESULT_ACK.
 */
/** CONNECT_SOCIAL's error when the frame got no result: the popup was closed before the login ended (the host's clean cancel). */
export const NO_SOCIAL_RESULT = 'This address holds no social login answer'
export const SOCIAL_RESULT_MESSAGE = `${FRAME_PREFIX}SOCIAL_RESULT`
export const SOCIAL_RESULT_ACK = `${FRAME_PREFIX}SOCIAL_RESULT_ACK`
/** The result secret: 32 random bytes, base64url. */
export const SocialResultSecret = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))
export const SocialResultMessageSchema = v.object({ type: v.literal(SOCIAL_RESULT_MESSAGE), result: SocialResultSecret })

/** Sent as the `version` query parameter and in READY; the host accepts a frame of this version. */
export const FRAME_PROTOCOL_VERSION = 4

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email())
const SocialProvider = v.picklist(SOCIAL_PROVIDERS)
const Otp = v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be six digits'))
const ChainId = v.union([v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.minLength(1), v.maxLength(64))])
const AccountType = v.picklist(['eoa', 'smartAccount'])
const Id = v.pipe(v.string(), v.minLength(8), v.maxLength(64))
/** A request without a payload. */
const None = v.optional(v.undefined())
/**
 * A page the host sends the visitor to on the frame's word (the provider's login page):
 * http(s) only. v.url() alone takes `javascript:` and `data:`, which the host would run
 * in its own origin (its same-origin popup, or its own location).
 */
const PageUrl = v.pipe(v.string(), v.maxLength(4096), v.url(), v.regex(/^https?:\/\//i, 'must be an http(s) URL'))

/** A network the frame may sign and send on, with the RPC endpoint the integrator configured. */
export const FrameNetworkSchema = v.object({
  /** CAIP-2, e.g. eip155:31337 or solana:localnet. */
  caipNetworkId: v.pipe(v.string(), v.regex(CAIP2_PATTERN)),
  rpcUrl: v.pipe(v.string(), v.url()),
  /** The app's max fee per gas cap in wei (decimal digits): the frame refuses a transaction above it (SPEC §5). */
  maxFeePerGasCap: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,77}$/))),
})

/** Every host request, by name, with the schema of its payload (undefined: none). */
export const AppRequests = {
  SWITCH_NETWORK: v.object({ chainId: ChainId }),
  CONNECT_EMAIL: v.object({ email: Email }),
  CONNECT_DEVICE: None,
  CONNECT_OTP: v.object({ otp: Otp }),
  /** Popup flow: the begin address, once the popup closed; redirect flow: this page's address, holding SOCIAL_RESULT_PARAM. */
  CONNECT_SOCIAL: v.object({ uri: v.pipe(v.string(), v.url()) }),
  /**
   * The frame server's begin address of a new login. With `returnUrl` (one of the project's
   * registered return URLs) the login comes back there (redirect flow); without, it ends in the
   * popup, which hands the result to the frame (popup flow).
   */
  GET_SOCIAL_REDIRECT_URI: v.object({ provider: SocialProvider, returnUrl: v.optional(v.pipe(v.string(), v.maxLength(2048), v.url())) }),
  GET_FARCASTER_URI: None,
  CONNECT_FARCASTER: None,
  GET_USER: v.object({ chainId: ChainId, preferredAccountType: v.optional(AccountType) }),
  SIGN_OUT: None,
  IS_CONNECTED: v.object({ token: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(4096))) }),
  GET_CHAIN_ID: None,
  RPC_REQUEST: v.object({
    method: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
    params: v.optional(v.unknown()),
    /** The chain to sign or send on, CAIP-2. */
    caipNetworkId: v.pipe(v.string(), v.minLength(3), v.maxLength(48)),
  }),
  UPDATE_EMAIL: v.object({ email: Email }),
  UPDATE_EMAIL_PRIMARY_OTP: v.object({ otp: Otp }),
  UPDATE_EMAIL_SECONDARY_OTP: v.object({ otp: Otp }),
  SYNC_THEME: v.object({
    themeMode: v.picklist(['dark', 'light']),
    themeVariables: v.record(v.pipe(v.string(), v.regex(/^--portico-[a-z0-9-]+$/)), v.pipe(v.string(), v.maxLength(200))),
  }),
  SYNC_DAPP_DATA: v.object({
    metadata: v.optional(
      v.object({
        name: v.pipe(v.string(), v.maxLength(100)),
        description: v.optional(v.pipe(v.string(), v.maxLength(500))),
        url: v.optional(v.pipe(v.string(), v.url())),
        icons: v.optional(v.array(v.pipe(v.string(), v.url()))),
      }),
    ),
    sdkVersion: v.pipe(v.string(), v.maxLength(40)),
    sdkType: v.pipe(v.string(), v.maxLength(40)),
    projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    /** The networks the frame may use, with their RPC endpoints. */
    networks: v.array(FrameNetworkSchema),
  }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: None,
  INIT_SMART_ACCOUNT: None,
  SET_PREFERRED_ACCOUNT: v.object({ type: AccountType }),
  RELOAD: None,
  /**
   * The frame asks its visitor, in its own panel, about each device waiting for this
   * device's consent (after DEVICE_PENDING, with the frame shown), and approves or refuses it.
   */
  REVIEW_DEVICES: None,
} as const

export type AppRequestName = keyof typeof AppRequests
export type AppPayload<N extends AppRequestName> = v.InferOutput<(typeof AppRequests)[N]>

const AccountEntry = v.object({
  address: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  type: v.picklist(['eoa', 'smartAccount']),
})

/** The signed-in user as the frame reports it for one chain. */
export const FrameUserSchema = v.object({
  email: v.nullable(Email),
  address: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  chainId: ChainId,
  accounts: v.array(AccountEntry),
  smartAccountDeployed: v.boolean(),
  preferredAccountType: AccountType,
  userName: v.optional(v.nullable(v.string())),
})
export type FrameUser = v.InferOutput<typeof FrameUserSchema>

const Empty = v.optional(v.object({}))

/** Every success reply, by request name, with the schema of its payload. */
export const FrameReplies = {
  SWITCH_NETWORK: v.object({ chainId: ChainId }),
  CONNECT_EMAIL: v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  CONNECT_DEVICE: Empty,
  CONNECT_OTP: Empty,
  CONNECT_SOCIAL: FrameUserSchema,
  GET_SOCIAL_REDIRECT_URI: v.object({ uri: PageUrl }),
  GET_FARCASTER_URI: v.object({ url: PageUrl }),
  CONNECT_FARCASTER: v.object({ userName: v.string() }),
  GET_USER: FrameUserSchema,
  SIGN_OUT: Empty,
  IS_CONNECTED: v.object({ isConnected: v.boolean() }),
  GET_CHAIN_ID: v.object({ chainId: ChainId }),
  RPC_REQUEST: v.object({ result: v.unknown() }),
  UPDATE_EMAIL: v.object({ action: v.literal('VERIFY_PRIMARY_OTP') }),
  UPDATE_EMAIL_PRIMARY_OTP: v.object({ action: v.literal('VERIFY_SECONDARY_OTP') }),
  UPDATE_EMAIL_SECONDARY_OTP: v.object({ newEmail: Email }),
  SYNC_THEME: Empty,
  SYNC_DAPP_DATA: Empty,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: v.object({ smartAccountEnabledNetworks: v.array(v.pipe(v.number(), v.integer())) }),
  INIT_SMART_ACCOUNT: Empty,
  SET_PREFERRED_ACCOUNT: v.object({ type: AccountType, address: v.string() }),
  RELOAD: Empty,
  REVIEW_DEVICES: v.object({ approved: v.pipe(v.number(), v.integer(), v.minValue(0)), refused: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
} as const satisfies Record<AppRequestName, v.GenericSchema>

export type FrameReply<N extends AppRequestName> = v.InferOutput<(typeof FrameReplies)[N]>

/** What the host posts to the frame. */
export const AppMessageSchema = v.variant(
  'type',
  (Object.keys(AppRequests) as AppRequestName[]).map((name) =>
    v.object({ id: Id, type: v.literal(`${APP_PREFIX}${name}`), payload: AppRequests[name] }),
  ) as unknown as v.VariantOptions<'type'>,
)

export type AppMessage = { [N in AppRequestName]: { id: string; type: `${typeof APP_PREFIX}${N}`; payload: AppPayload<N> } }[AppRequestName]

/** Unsolicited frame events (no id). */
export const FrameEventSchema = v.variant('type', [
  v.object({ type: v.literal(`${FRAME_PREFIX}READY`), payload: v.object({ version: v.optional(v.number()) }) }),
  /** A host token for IS_CONNECTED after a reload; it grants nothing else. */
  v.object({ type: v.literal(`${FRAME_PREFIX}SESSION_UPDATE`), payload: v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) }) }),
  v.object({ type: v.literal(`${FRAME_PREFIX}SESSION_ENDED`), payload: Empty }),
  /** Devices new to the account wait for this device's consent: the host shows the frame and sends REVIEW_DEVICES. */
  v.object({ type: v.literal(`${FRAME_PREFIX}DEVICE_PENDING`), payload: v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)) }) }),
  /**
   * This device was held for consent (its login failed with the wait's text) and the hold is
   * over: it holds its split now (a SESSION_UPDATE came just before); the host may connect.
   */
  v.object({ type: v.literal(`${FRAME_PREFIX}DEVICE_RELEASED`), payload: Empty }),
])
export type FrameEvent = v.InferOutput<typeof FrameEventSchema>

/** A reply envelope, before its payload is checked against the request's reply schema. */
export const FrameReplyEnvelopeSchema = v.object({
  id: Id,
  type: v.pipe(v.string(), v.startsWith(FRAME_PREFIX), v.regex(/_(SUCCESS|ERROR)$/)),
  payload: v.optional(v.unknown()),
})

export const FrameErrorPayloadSchema = v.object({ message: v.pipe(v.string(), v.maxLength(500)) })

/** The type of the success or error reply to a request. */
export const replyType = (name: AppRequestName, outcome: 'SUCCESS' | 'ERROR') => `${FRAME_PREFIX}${name}_${outcome}` as const

/** The request name a reply type answers, or undefined for an unknown one. */
export function requestOfReply(type: string): { name: AppRequestName; outcome: 'SUCCESS' | 'ERROR' } | undefined {
  const match = /^@portico-frame\/([A-Z_]+)_(SUCCESS|ERROR)$/.exec(type)
  if (!match || !(match[1]! in AppRequests)) return undefined
  return { name: match[1] as AppRequestName, outcome: match[2] as 'SUCCESS' | 'ERROR' }
}
