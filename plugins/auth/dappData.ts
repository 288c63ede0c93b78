import { type PorticoConfig, LIBRARY_VERSION, SDK_TYPE, type ThemeState } from '../../kernel/index.ts'
import type { AppPayload } from '../../protocol/frameProtocol.ts'
import { AUTH_NAMESPACES } from './service.ts'

const isUrl = (value: string) => URL.canParse(value)
/** The frame accepts values up to this long; a longer one is left out rather than fail the sync. */
const MAX_THEME_VALUE = 200

/**
 * What the frame is told about the app after it loads: the app's metadata and the
 * networks it may sign and send on, each with the RPC endpoint the app configured (and its
 * max fee cap, which the frame checks again once it has filled in the fees).
 */
export function dappData(config: PorticoConfig): AppPayload<'SYNC_DAPP_DATA'> {
  const { metadata } = config
  return {
    ...(metadata
      ? {
          metadata: {
            name: metadata.name.slice(0, 100),
            description: metadata.description.slice(0, 500),
            url: metadata.url,
            icons: metadata.icons.filter(isUrl),
          },
        }
      : {}),
    sdkVersion: LIBRARY_VERSION,
    sdkType: SDK_TYPE,
    projectId: config.projectId ?? '',
    networks: config.networks
      .filter((network) => (AUTH_NAMESPACES as readonly string[]).includes(network.chainNamespace))
      .flatMap((network) => {
        const rpcUrl = network.rpcUrls.default.http[0]
        const cap = config.maxFeePerGasCap === undefined ? {} : { maxFeePerGasCap: config.maxFeePerGasCap }
        return rpcUrl ? [{ caipNetworkId: network.caipNetworkId, rpcUrl, ...cap }] : []
      }),
  }
}

/** The theme the frame's approval panel draws with. */
export function themeData(theme: ThemeState): AppPayload<'SYNC_THEME'> {
  return {
    themeMode: theme.themeMode,
    themeVariables: Object.fromEntries(Object.entries(theme.themeVariables).filter(([, value]) => value.length <= MAX_THEME_VALUE)),
  }
}
