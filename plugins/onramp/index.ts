import * as v from 'valibot'
import { type ChainNamespace, ConfigError, type PluginManifest, definePlugin, definePluginFlag, inRestrictedTimeZone } from '../../kernel/index.ts'
import { FeeRangePercent, ONRAMP_PROVIDERS_VIEW, type OnRampProvider, type OnRampProviderId, type ParsedOnRampOptions } from './contract.ts'

// The manifest's half: which providers the app offers and where their pages are. The URLs
// themselves are built by the body (onrampUrls.ts) when a provider is chosen.

/** The providers' own pages, used unless the app points a provider elsewhere. */
export const DEFAULT_PROVIDER_URLS: Readonly<Record<OnRampProviderId, string>> = {
  coinbase: 'https://pay.coinbase.com/buy/select-asset',
  meld: 'https://meldcrypto.com/',
}

export interface OnRampProviderOptions {
  /** The provider's page; default its real one (DEFAULT_PROVIDER_URLS). */
  readonly url?: string
  /** Coinbase's `appId` or Meld's `publicKey`, the key the provider gave the app; sent as is. */
  readonly key?: string
}

/** What `onrampPlugin()` takes. */
export interface OnRampPluginOptions {
  /** Coinbase Onramp; `false` leaves it out. */
  readonly coinbase?: OnRampProviderOptions | false
  /** Meld; `false` leaves it out. */
  readonly meld?: OnRampProviderOptions | false
  /** The purchase the provider's page starts with, in US dollars. */
  readonly presetAmount?: number
}

/** https anywhere; http only on this machine (a local stand-in), so nothing leaves it in clear. */
function isProviderUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
  } catch {
    return false
  }
}
const ProviderUrl = v.pipe(v.string(), v.check(isProviderUrl, 'must be an https URL (http only for 127.0.0.1 or localhost)'))
const ProviderSchema = v.union([v.literal(false), v.object({ url: v.optional(ProviderUrl), key: v.optional(v.pipe(v.string(), v.minLength(1))) })])
const OptionsSchema = v.object({
  coinbase: v.optional(ProviderSchema),
  meld: v.optional(ProviderSchema),
  presetAmount: v.optional(v.pipe(v.number(), v.minValue(1, 'must be at least 1 (US dollars)'), v.maxValue(1_000_000))),
})

/**
 * The providers an app offers, each with its page: the real one unless configured. A URL
 * that is not https (or http on 127.0.0.1) throws a ConfigError naming the field.
 *
 * @example
 * onrampOptions({ coinbase: { url: 'http://127.0.0.1:8710/coinbase' }, meld: false })
 */
export function onrampOptions(options: OnRampPluginOptions = {}): ParsedOnRampOptions {
  const parsed = v.safeParse(OptionsSchema, options)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new ConfigError(`onrampPlugin.${v.getDotPath(issue) ?? ''}`, issue.message)
  }
  const providers = (Object.keys(DEFAULT_PROVIDER_URLS) as OnRampProviderId[]).flatMap((id): OnRampProvider[] => {
    const configured = parsed.output[id]
    if (configured === false) return []
    return [{ id, url: configured?.url ?? DEFAULT_PROVIDER_URLS[id], ...(configured?.key ? { key: configured.key } : {}) }]
  })
  return { providers, ...(parsed.output.presetAmount === undefined ? {} : { presetAmount: parsed.output.presetAmount }) }
}

/** The namespace of a CAIP-10 address (`eip155:1:0x…` → `eip155`). */
const namespaceOf = (caipAddress: string | undefined) => caipAddress?.split(':')[0]

/**
 * On-ramp: buy crypto for the connected account with a card, at Coinbase (eip155) or Meld
 * (eip155, solana), each page opened in a popup with the address, network, asset and the
 * preset amount. On unless `features.onramp` is false; hidden in the restricted time zones
 * (SPEC §6); the Buy button shows only for a namespace a provider serves; the body loads
 * when the providers are first shown.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet], plugins: [eip155Plugin(), onrampPlugin({ presetAmount: 100 })] })
 */
export function onrampPlugin(options: OnRampPluginOptions = {}): PluginManifest {
  const parsed = onrampOptions(options)
  const served = (namespace: string | undefined) =>
    parsed.providers.some((provider) => (FeeRangePercent[provider.id].namespaces as readonly ChainNamespace[]).includes(namespace as ChainNamespace))
  return definePlugin({
    id: 'onramp',
    flags: [definePluginFlag({ name: 'onramp', schema: v.boolean(), default: true })],
    enabledBy: 'onramp',
    // SPEC §6: no on-ramp for a visitor in a restricted time zone.
    when: () => parsed.providers.length > 0 && !inRestrictedTimeZone(),
    contributes: {
      views: [ONRAMP_PROVIDERS_VIEW],
      styles: '.onramp-providers{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}',
      // SPEC §9: first of the wallet features (onramp, swaps 20, receive 30, send 40).
      walletFeatures: [
        {
          id: 'onramp',
          label: 'Buy',
          icon: 'M3 6h18v12H3zM3 10h18M7 15h3',
          view: ONRAMP_PROVIDERS_VIEW,
          rank: 10,
          whenAccount: (account) => served(namespaceOf(account.caipAddress)),
        },
      ],
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, parsed) }
    },
  })
}
