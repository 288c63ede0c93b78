import { type KernelOptions, type PluginManifest, type PorticoKit, type PorticoOptions, createKernel, createMemoryBackend, mainnet } from '../../kernel/index.ts'

/** A runtime that sends nothing and reads nothing from the page. */
export const quietKernelOptions = (): KernelOptions => ({
  storage: createMemoryBackend(),
  fetch: () => Promise.reject(new Error('tests make no requests')),
  environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
  logger: { warn: () => undefined, error: () => undefined },
})

/** A kit for shell tests: mainnet, analytics off, no builtin plugins unless passed. */
export function createTestKit(options: Partial<PorticoOptions> = {}, plugins: PluginManifest[] = []): PorticoKit {
  return createKernel({ projectId: 'test-project', networks: [mainnet], ...options, plugins, features: { analytics: false, ...options.features } }, quietKernelOptions())
}

/** Puts a connected account on the kit's eip155 record. */
export function connectAccount(kit: PorticoKit, address: string, extra: Parameters<PorticoKit['chains']['updateAccount']>[1] = {}) {
  kit.chains.updateAccount('eip155', {
    address,
    caipAddress: `eip155:1:${address}`,
    status: 'connected',
    ...extra,
  })
}

/** The modal's shadow root, as the browser tests and the bench find it. */
export function modalRoot(): ShadowRoot {
  const root = document.querySelector('portico-modal')?.shadowRoot
  if (!root) throw new Error('no <portico-modal> with an open shadow root')
  return root
}
