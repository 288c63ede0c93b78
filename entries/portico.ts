/**
 * The `portico` entry: `createPortico(options)` returns a kit. Framework-free;
 * the modal's React UI downloads on first open unless a React provider renders it.
 */
import { type KernelOptions, type PorticoKit, type PorticoOptions, createKernel } from '../kernel/index.ts'
import { mountOnFirstOpen } from '../host/lazyMount.ts'

import { PLUGIN_CONFIG_OWNERS, PLUGIN_FLAG_OWNERS } from './flagOwners.ts'

export * from '../kernel/index.ts'
export { definePorticoElements } from '../host/elements/definePorticoElements.ts'
export type {
  PorticoAccountButtonAttributes,
  PorticoElementAttributes,
  PorticoElementName,
  PorticoNetworkButtonAttributes,
} from '../host/elements/elementTypes.ts'

/**
 * @example
 * import { createPortico, mainnet } from 'portico'
 * import { eip155Plugin } from 'portico/eip155'
 *
 * const kit = createPortico({ projectId: 'my-project', networks: [mainnet], plugins: [eip155Plugin()] })
 * kit.open()
 */
export function createPortico(options: PorticoOptions, kernelOptions: KernelOptions = {}): PorticoKit {
  const kit = createKernel(options, { flagOwners: PLUGIN_FLAG_OWNERS, configOwners: PLUGIN_CONFIG_OWNERS, ...kernelOptions })
  // The React renderer stays behind import(): this entry's static imports reach nothing in shell/.
  mountOnFirstOpen(kit, () => import('../shell/mount.tsx'))
  return kit
}
