import * as v from 'valibot'
import { CHAIN_NAMESPACES, ACCOUNT_TYPES } from '../chains/namespaces.ts'
import { SOCIAL_PROVIDERS } from '../constants.ts'

const Namespace = v.picklist(CHAIN_NAMESPACES)
const CaipNetworkId = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
const NonEmpty = v.pipe(v.string(), v.minLength(1))

export const RecentWalletSchema = v.object({
  id: NonEmpty,
  name: NonEmpty,
  imageUrl: v.optional(v.string()),
})
export type RecentWallet = v.InferOutput<typeof RecentWalletSchema>

/** A cached value with the time it was stored, for the TTL caches (lifetimes in CacheLifetimeMs). */
const cacheOf = <T extends v.GenericSchema>(value: T) => v.record(v.string(), v.object({ timestamp: v.number(), value }))

/**
 * Every key Portico keeps in local storage, with the schema its
 * stored value must pass. A value that fails is ignored and reported.
 */
export const StorageKeys = {
  activeNamespace: { key: '@portico/active_namespace', schema: Namespace },
  activeCaipNetworkId: { key: '@portico/active_caip_network_id', schema: CaipNetworkId },
  connectedConnectorIds: {
    key: '@portico/connected_connector_ids',
    schema: v.record(Namespace, NonEmpty),
  },
  connectionStatus: {
    key: '@portico/connection_status',
    schema: v.picklist(['connected', 'disconnected']),
  },
  recentWallets: { key: '@portico/recent_wallets', schema: v.array(RecentWalletSchema) },
  deepLinkChoice: {
    key: '@portico/deeplink_choice',
    schema: v.object({ href: v.pipe(v.string(), v.url()), name: NonEmpty }),
  },
  connectedSocial: { key: '@portico/connected_social', schema: v.picklist([...SOCIAL_PROVIDERS, 'farcaster']) },
  connectedSocialUsername: { key: '@portico/connected_social_username', schema: NonEmpty },
  preferredAccountTypes: {
    key: '@portico/preferred_account_types',
    schema: v.record(Namespace, v.picklist(ACCOUNT_TYPES)),
  },
  connectedNamespaces: { key: '@portico/connected_namespaces', schema: v.array(Namespace) },
  /** The documents the visitor agreed to in the legal checkbox; new ones are asked for again. */
  legalAccepted: {
    key: '@portico/legal_accepted',
    schema: v.object({ terms: v.optional(v.pipe(v.string(), v.url())), privacy: v.optional(v.pipe(v.string(), v.url())) }),
  },
  portfolioCache: { key: '@portico/portfolio_cache', schema: cacheOf(v.unknown()) },
  nativeBalanceCache: {
    key: '@portico/native_balance_cache',
    schema: cacheOf(v.object({ balance: v.string(), symbol: v.string() })),
  },
  ensCache: { key: '@portico/ens_cache', schema: cacheOf(v.unknown()) },
  identityCache: {
    key: '@portico/identity_cache',
    schema: cacheOf(v.object({ name: v.nullable(v.string()), avatar: v.nullable(v.string()) })),
  },
  /* Embedded wallet keys, under their own prefix. */
  frameSessionToken: { key: '@portico-frame/session_token', schema: NonEmpty },
  frameEmailLoginUsed: { key: '@portico-frame/email_login_used', schema: v.boolean() },
  frameLastUsedChain: { key: '@portico-frame/last_used_chain', schema: v.union([v.number(), NonEmpty]) },
  frameLastEmailLoginTime: { key: '@portico-frame/last_email_login_time', schema: v.number() },
  frameEmail: { key: '@portico-frame/email', schema: v.pipe(v.string(), v.email()) },
  framePreferredAccountType: { key: '@portico-frame/preferred_account_type', schema: v.picklist(ACCOUNT_TYPES) },
  frameSmartAccountEnabled: { key: '@portico-frame/smart_account_enabled', schema: v.boolean() },
  frameSmartAccountEnabledNetworks: {
    key: '@portico-frame/smart_account_enabled_networks',
    schema: v.array(v.number()),
  },
  frameSocialUsername: { key: '@portico-frame/social_username', schema: NonEmpty },
} as const

export type StorageKeyName = keyof typeof StorageKeys
export type StoredValue<K extends StorageKeyName> = v.InferOutput<(typeof StorageKeys)[K]['schema']>

/** The cached login data deleted on disconnect or a failed connection check. */
export const LOGIN_CACHE_KEYS = ['frameEmailLoginUsed', 'frameEmail', 'frameLastUsedChain', 'frameSocialUsername'] as const satisfies readonly StorageKeyName[]
