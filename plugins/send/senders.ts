import type { ChainNamespace } from '../../kernel/index.ts'
import type { ParsedSendOptions } from './options.ts'
import type { NamespaceSender } from './sender.ts'

type SenderLoader = (options: ParsedSendOptions) => Promise<NamespaceSender>

/**
 * The namespaces Send works on, each with its sender behind `import()`: a visitor on
 * one namespace never downloads another's. Supporting a namespace is one line here
 * and a `NamespaceSender` in its own folder.
 */
export const SENDERS: Readonly<Partial<Record<ChainNamespace, SenderLoader>>> = {
  eip155: async (options) => (await import('./evm/evmSender.ts')).createEvmSender(options),
}

/** Whether Send works on the namespace of a CAIP-10 address (or a namespace). */
export function canSendOn(caipAddressOrNamespace: string | undefined): boolean {
  const namespace = caipAddressOrNamespace?.split(':')[0]
  return namespace !== undefined && Object.hasOwn(SENDERS, namespace)
}
