import * as v from 'valibot'
import { type ChainNamespace, isEvmAddress } from '../../kernel/index.ts'
import type { NamespaceSender } from './sender.ts'

// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The views the body registers: the form, and the review before the wallet is asked. */
export const SEND_VIEW = 'WalletSend'
export const SEND_PREVIEW_VIEW = 'WalletSendPreview'

/** `sendPlugin()`'s options as the manifest checks them and the body gets them. */
export const SendOptionsSchema = v.object({
  usdtContracts: v.optional(
    v.array(
      v.pipe(
        v.string(),
        v.check((address: string) => isEvmAddress(address), 'must be EVM addresses (0x and 40 hex digits)'),
      ),
    ),
    [],
  ),
})

export type ParsedSendOptions = v.InferOutput<typeof SendOptionsSchema>

type SenderLoader = (options: ParsedSendOptions) => Promise<NamespaceSender>

/**
 * The namespaces Send works on, each with its sender (`NamespaceSender`, sender.ts)
 * behind `import()`: a visitor on one namespace never downloads another's. Supporting
 * a namespace is one line here and a sender in its own folder.
 */
export const SENDERS: Readonly<Partial<Record<ChainNamespace, SenderLoader>>> = {
  eip155: async (options) => (await import('./evm/evmSender.ts')).createEvmSender(options),
  solana: async () => (await import('./solana/solanaSender.ts')).createSolanaSender(),
}

/** Whether Send works on a namespace, or on the namespace of a CAIP-10 address. */
export function canSendOn(caipAddressOrNamespace: string | undefined): boolean {
  const namespace = caipAddressOrNamespace?.split(':')[0]
  return namespace !== undefined && Object.hasOwn(SENDERS, namespace)
}
