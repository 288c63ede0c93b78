/**
 * The `portico` entry: `createPortico(options)` returns a kit. Framework-free;
 * the modal's React UI downloads on first open unless a React provider renders it.
 */
import { type KernelOptions, type PorticoKit, type PorticoOptions, createKernel } from '../kernel/index.ts'
import { builtinPlugins } from '../plugins/builtin.ts'
import { mountOnFirstOpen } from '../shell/lazyMount.ts'

export * from '../kernel/index.ts'

/**
 * @example
 * const kit = createPortico({ projectId: 'my-project', networks: [mainnet] })
 * kit.open()
 */
export function createPortico(options: PorticoOptions, kernelOptions: KernelOptions = {}): PorticoKit {
  const kit = createKernel(options, { builtinPlugins, ...kernelOptions })
  mountOnFirstOpen(kit)
  return kit
}
