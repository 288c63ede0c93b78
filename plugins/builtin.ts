import type { PluginManifest } from '../kernel/index.ts'
import { receivePlugin } from './receive/index.ts'
import { eip155Plugin } from './namespaces/eip155/index.ts'
import { solanaPlugin } from './namespaces/solana/index.ts'
import { bip122Plugin } from './namespaces/bip122/index.ts'
import { polkadotPlugin } from './namespaces/polkadot/index.ts'
import { walletConnectPlugin } from './walletconnect/index.ts'

/** The manifests that ship with Portico. Only these tiny objects are bundled up front. */
export const builtinPlugins: readonly PluginManifest[] = [receivePlugin, eip155Plugin, solanaPlugin, bip122Plugin, polkadotPlugin, walletConnectPlugin]
