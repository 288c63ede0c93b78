import * as v from 'valibot'
import { CHAIN_NAMESPACES } from '../chains/namespaces.ts'
import { NetworkSchema, type CaipNetwork } from '../chains/network.ts'
import { ThemeDefaults } from '../constants.ts'
import { LOCALES } from '../i18n/locales.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { CoreFeaturesSchema, type Features } from './features.ts'
import type { PluginConfigValues } from './pluginConfig.ts'
import { type PorticoInitialState, parseStateCookie } from '../storage/stateCookie.ts'

/** An initial state as given (the object or its CAIP-10 address), read again through the cookie's schema. */
const initialStateOf = (value: PorticoInitialState | string): PorticoInitialState | undefined => {
  const caipAddress: unknown = typeof value === 'object' && value !== null ? (value as { caipAddress?: unknown }).caipAddress : value
  return typeof caipAddress === 'string' ? parseStateCookie(caipAddress) : undefined
}

/** The public WalletConnect relay; integrators (and tests, offline) point `endpoints.relay` elsewhere. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'

const HttpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:/, 'must be an http(s) URL'))
const WebSocketUrl = v.pipe(v.string(), v.url(), v.regex(/^wss?:/, 'must be a ws(s) URL'))
/** Per EVM network (its CAIP-2 id, e.g. `eip155:8453`): a service's http(s) URL. */
const PerEvmNetwork = v.record(v.pipe(v.string(), v.regex(/^eip155:[1-9]\d*$/, 'keys must be eip155 CAIP-2 ids (eip155:<chain id>)')), HttpUrl)
const WalletIds = v.optional(v.array(v.pipe(v.string(), v.minLength(1))), () => [])

/** `--portico-*` custom properties; anything else is refused so it cannot inject CSS. */
export const ThemeVariablesSchema = v.record(
  v.pipe(v.string(), v.regex(/^--portico-[a-z0-9-]+$/, 'must be a --portico-* property')),
  v.pipe(v.string(), v.regex(/^[^;{}<>]*$/, 'must be a plain CSS value')),
)

const PluginManifestSchema = v.custom<PluginManifest>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PluginManifest).id === 'string' &&
    typeof (value as PluginManifest).load === 'function' &&
    typeof (value as PluginManifest).contributes === 'object',
  'must be a plugin manifest (id, contributes, load)',
)

/** The `prefetch` choices, in the order they move bytes ahead of the click: most first. */
export const PREFETCH_MODES = ['idle', 'intent', 'none'] as const
export type PrefetchMode = (typeof PREFETCH_MODES)[number]

/** One schema for everything an integrator passes to `createPortico()`. */
export const ConfigSchema = v.object({
  /** Required by the product; its absence raises the PROJECT_ID_NOT_CONFIGURED alert, not a throw. */
  /** A blank id ('' from an unset env variable) counts as missing, like no id at all. */
  projectId: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((id) => id || undefined),
    ),
  ),
  /** May be left out when a plugin brings the networks (wagmiPlugin: its config's chains). */
  networks: v.optional(v.array(NetworkSchema), () => []),
  defaultNetwork: v.optional(NetworkSchema),
  /** Namespaces served by a chain adapter; `[]` is the basic mode (WalletConnect only). Default: those of `networks`. */
  adapters: v.optional(v.array(v.picklist(CHAIN_NAMESPACES))),
  /** Core flags here; the keys plugins own pass through and are checked against their plugins. */
  features: v.optional(v.looseObject(CoreFeaturesSchema.entries), {}),
  themeMode: v.optional(v.picklist(['light', 'dark']), ThemeDefaults.themeMode),
  themeVariables: v.optional(ThemeVariablesSchema, {}),
  /** The language the modal and the elements show; without one, the best match for the browser's languages. */
  locale: v.optional(v.picklist(LOCALES)),
  metadata: v.optional(
    v.object({
      name: v.string(),
      description: v.string(),
      url: HttpUrl,
      icons: v.array(v.string()),
    }),
  ),
  /** The terms the visitor agrees to, linked from the `features.legalCheckbox` box. */
  termsConditionsUrl: v.optional(HttpUrl),
  /** The privacy policy, linked from the `features.legalCheckbox` box. */
  privacyPolicyUrl: v.optional(HttpUrl),
  featuredWalletIds: WalletIds,
  includeWalletIds: WalletIds,
  excludeWalletIds: WalletIds,
  /** Embedded mode: the modal renders in place and never closes to nothing. */
  enableEmbedded: v.optional(v.boolean(), false),
  /** Do not append the modal host to `body`; the app places `<portico-modal>` itself. */
  disableAppend: v.optional(v.boolean(), false),
  enableNetworkSwitch: v.optional(v.boolean(), true),
  allowUnsupportedChain: v.optional(v.boolean(), false),
  plugins: v.optional(v.array(PluginManifestSchema), () => []),
  endpoints: v.optional(
    v.object({
      /** Where analytics events are posted (POST {url}/e); without one nothing is sent. */
      analytics: v.optional(HttpUrl),
      blockchainApi: v.optional(HttpUrl),
      /** Origin of the embedded wallet's secure frame (servers/frame); the email and social plugins need one. */
      frame: v.optional(HttpUrl),
      /** The WalletConnect relay the universal provider talks to. */
      relay: v.optional(WebSocketUrl, DEFAULT_RELAY_URL),
      /** Base URL of the wallet registry AllWallets lists; without one only discovered wallets are listed. */
      walletRegistry: v.optional(HttpUrl),
      /** Per network: the ERC-4337 bundler (JSON-RPC, EntryPoint v0.7) smart accounts send user operations to. */
      bundler: v.optional(PerEvmNetwork, {}),
      /** Per network: the ERC-7677 paymaster service (servers/paymaster) that sponsors user operations there. */
      paymaster: v.optional(PerEvmNetwork, {}),
    }),
    {},
  ),
  /**
   * The highest max fee per gas a transaction may carry, in wei as decimal digits ('500000000000'
   * for 500 gwei); one above it is refused before any wallet sees it (SPEC §5). Default: no cap
   * but the 256-bit maximum.
   */
  maxFeePerGasCap: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,77}$/, 'must be decimal wei'))),
  /**
   * When the modal's code downloads ahead of the click: on the first idle moment after
   * load (or earlier, at an opener), only when the pointer reaches or focus enters an
   * opener, or not before the click.
   */
  prefetch: v.optional(v.picklist(PREFETCH_MODES), 'idle'),
  /**
   * Keep the active account (its CAIP-10 address, nothing secret) in a first-party cookie,
   * so a server renders a returning visitor's account button from `porticoCookieToInitialState`.
   */
  ssr: v.optional(v.boolean(), false),
  /**
   * The account the server rendered with, for a page without React or `initial-state`:
   * `porticoCookieToInitialState(cookieHeader)` (or its `caipAddress`) handed to the browser.
   * The buttons show it until the kit's restore settles. It passes the cookie's own schema
   * again here: a forged value is a disconnected visitor, not a config error.
   */
  initialState: v.optional(
    v.pipe(
      v.custom<PorticoInitialState | string>(() => true),
      v.transform(initialStateOf),
    ),
  ),
  debug: v.optional(v.boolean(), false),
})

/**
 * What an integrator passes: the kernel's options, and the top-level options of the plugins
 * they list (`siwx` of the siwx plugin; each plugin validates its own when the kit is created).
 */
export type PorticoOptions = v.InferInput<typeof ConfigSchema> & PluginConfigValues

/** The resolved config: every default filled, networks typed as CAIP networks, the plugins' options as they parsed them. */
export type PorticoConfig = PluginConfigValues &
  Omit<v.InferOutput<typeof ConfigSchema>, 'networks' | 'defaultNetwork' | 'adapters' | 'features'> & {
    features: Features
    networks: readonly CaipNetwork[]
    defaultNetwork: CaipNetwork
    adapters: readonly (typeof CHAIN_NAMESPACES)[number][]
  }
