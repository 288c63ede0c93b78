import type { UniversalProvider, UniversalProviderOpts } from '@walletconnect/universal-provider'
import { DEFAULT_RELAY_URL, type PorticoConfig } from '../../kernel/index.ts'

// The package's named export is a const typed as the class; its instances are this.
export type Provider = InstanceType<typeof UniversalProvider>
export type Session = NonNullable<Provider['session']>

/** Where and how the universal provider keeps its keys and sessions; the defaults suit a browser. */
export interface WalletConnectProviderOptions {
  /** A key-value storage (Node tests share one between two kits to test the restore). */
  readonly storage?: UniversalProviderOpts['storage']
  readonly storageOptions?: UniversalProviderOpts['storageOptions']
  /** Keeps two kits' providers apart in one storage. */
  readonly customStoragePrefix?: string
  /** The provider's log level; 'error' by default. */
  readonly logLevel?: string
  /** How long a pairing uri may take to come through the relay; RELAY_TIMEOUT_MS by default. */
  readonly relayTimeoutMs?: number
}

/**
 * Downloads and starts the universal provider (a stored session is restored by
 * this). It is behind `import()`: nothing of WalletConnect downloads until a
 * visitor picks it or a stored session is resumed.
 */
export async function startUniversalProvider(config: PorticoConfig, options: WalletConnectProviderOptions): Promise<Provider> {
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  const provider = await UniversalProvider.init({
    projectId: config.projectId ?? '',
    relayUrl: config.endpoints.relay,
    metadata: config.metadata ?? {
      name: globalThis.document?.title || 'Portico',
      description: '',
      url: globalThis.location?.origin ?? 'http://localhost',
      icons: [],
    },
    logger: options.logLevel ?? 'error',
    telemetryEnabled: false,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
    ...(options.customStoragePrefix ? { customStoragePrefix: options.customStoragePrefix } : {}),
  })
  if (config.endpoints.relay !== DEFAULT_RELAY_URL) skipVerify(provider)
  return provider
}

/**
 * WalletConnect Verify vouches for an app's domain through a hidden iframe from
 * WalletConnect's cloud, which only serves apps on its own relay. With another
 * relay (self-hosted, or the local one of tests and the demo) it can only fail:
 * it would load a remote frame (blocked by a strict CSP, impossible offline) and
 * hold every proposal for up to 5 s. It is skipped then, exactly as the library
 * skips it in its own test runs: no attestation, and the wallet shows the
 * domain as unverified.
 */
export function skipVerify(provider: Provider): void {
  provider.client.core.verify.register = async () => ''
}

/** Closes the relay socket; one already closed is fine. */
export async function closeTransport(provider: Provider): Promise<void> {
  try {
    await provider.client.core.relayer.transportClose()
  } catch {
    // already closed
  }
}
