import { getWallets } from '@wallet-standard/app'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConnectorRegistry } from '../../kernel/connectorRegistry/connectorRegistry.ts'
import type { ConnectorRegistry, Disposer } from '../../kernel/index.ts'
import { startDiscovery as startBitcoinDiscovery } from '../../plugins/namespaces/bip122/discovery.ts'
import { BitcoinWalletSchema } from '../../plugins/namespaces/bip122/schemas.ts'
import { startDiscovery as startEvmDiscovery } from '../../plugins/namespaces/eip155/discovery.ts'
import { AnnouncementSchema } from '../../plugins/namespaces/eip155/schemas.ts'
import { startDiscovery as startPolkadotDiscovery } from '../../plugins/namespaces/polkadot/discovery.ts'
import { InjectedExtensionSchema } from '../../plugins/namespaces/polkadot/schemas.ts'
import { startDiscovery as startSolanaDiscovery } from '../../plugins/namespaces/solana/discovery.ts'
import { isSolanaStandardWallet } from '../../plugins/namespaces/solana/standardWallet.ts'
import { casesOf, pageValue, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout, refusedBy } from './harness.ts'

// What browser wallets hand the page, fed to each namespace's discovery (its entry
// function): the connectors it lists must only change for an input its schema accepts.
// Node has EventTarget and CustomEvent, so a bare EventTarget is the window.
type FakeWindow = EventTarget & { injectedWeb3?: unknown }
const g = globalThis as unknown as { window?: FakeWindow }
beforeAll(() => {
  g.window = new EventTarget()
})
afterAll(() => {
  delete g.window
})

const noLists = { includeWalletIds: [], excludeWalletIds: [] }

/** One discovery over a fresh registry; restarted after an accepted case so connectors do not pile up. */
function discovery(start: (options: { connectors: ConnectorRegistry; config: typeof noLists }) => Disposer) {
  let connectors = createConnectorRegistry()
  let stop = start({ connectors, config: noLists })
  return {
    list: () => connectors.list(),
    restart() {
      stop()
      connectors = createConnectorRegistry()
      stop = start({ connectors, config: noLists })
    },
    stop: () => stop(),
  }
}

const provider = fc.constant({ request: async () => null })

describe('EIP-6963 announcements', () => {
  it('AnnouncementSchema through the discovery’s eip6963:announceProvider listener', { timeout: fuzzTimeout() }, async () => {
    const evm = discovery(startEvmDiscovery)
    const announcement = fc.record({
      info: fc.record({ uuid: fc.uuid(), name: valid.name, rdns: valid.rdns, icon: valid.icon }),
      provider,
    })
    await fuzz({
      name: 'AnnouncementSchema (EIP-6963 discovery)',
      cases: casesOf(announcement),
      run: (detail) => g.window!.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
      refuses: refusedBy((detail) => v.safeParse(AnnouncementSchema, detail)),
      state: evm.list,
      after: evm.restart,
    })
    evm.stop()
  })
})

/**
 * Registers a Wallet Standard wallet the way a wallet does. The registry calls the
 * discovery's listener inside a guard that logs and swallows a throw: the throw is
 * taken back from that log so that the fuzz run sees it.
 */
function registerWallet(wallet: unknown): () => void {
  const swallowed: unknown[] = []
  const log = console.error
  console.error = (error: unknown) => void swallowed.push(error)
  try {
    const unregister = getWallets().register(wallet as never)
    if (swallowed.length > 0) throw swallowed[0]
    return unregister
  } finally {
    console.error = log
  }
}

function standardWallet(chains: fc.Arbitrary<string[]>, connectFeature: string) {
  return fc.record({
    version: fc.constant('1.0.0'),
    name: valid.name,
    icon: valid.icon,
    chains,
    accounts: fc.constant([]),
    features: fc.constant({
      [connectFeature]: { version: '1.0.0', connect: async () => ({ accounts: [] }) },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
    }),
  })
}

describe('Wallet Standard wallets', () => {
  let unregister: (() => void) | undefined
  const undo = () => {
    unregister?.()
    unregister = undefined
  }

  it('StandardWalletSchema (solana) through the discovery’s register listener', { timeout: fuzzTimeout() }, async () => {
    const solana = discovery(startSolanaDiscovery)
    await fuzz({
      name: 'StandardWalletSchema (Solana Wallet Standard discovery)',
      cases: casesOf(standardWallet(fc.subarray(['solana:mainnet', 'solana:devnet', 'eip155:1']), 'standard:connect')),
      run: (wallet) => void (unregister = registerWallet(wallet)),
      refuses: (wallet) => !isSolanaStandardWallet(wallet),
      state: solana.list,
      after: undo,
    })
    solana.stop()
  })

  it('BitcoinWalletSchema (bip122) through the discovery’s register listener', { timeout: fuzzTimeout() }, async () => {
    const bitcoin = discovery(startBitcoinDiscovery)
    await fuzz({
      name: 'BitcoinWalletSchema (bip122 Wallet Standard discovery)',
      cases: casesOf(standardWallet(fc.subarray(['bip122:000000000019d6689c085ae165831e93', 'solana:mainnet']), 'bitcoin:connect')),
      run: (wallet) => void (unregister = registerWallet(wallet)),
      refuses: refusedBy((wallet) => v.safeParse(BitcoinWalletSchema, wallet)),
      state: bitcoin.list,
      after: undo,
    })
    bitcoin.stop()
  })
})

describe('polkadot injectedWeb3', () => {
  it('InjectedExtensionSchema through the discovery’s scan of window.injectedWeb3', { timeout: fuzzTimeout() }, async () => {
    const extension = fc.record({ enable: fc.constant(async () => ({})), version: fc.option(fc.string(), { nil: undefined }) })
    const injected = fc.dictionary(fc.oneof(fc.constantFrom('polkadot-js', 'talisman', 'constructor', 'toString', '__proto__'), fc.string({ maxLength: 70 })), extension, {
      maxKeys: 3,
    })
    let connectors = createConnectorRegistry()
    let stop: Disposer = () => undefined
    await fuzz({
      name: 'InjectedExtensionSchema (polkadot injectedWeb3 discovery)',
      cases: fc.oneof(casesOf(injected), fc.dictionary(fc.string({ maxLength: 10 }), pageValue, { maxKeys: 3 })),
      run: (value) => {
        g.window!.injectedWeb3 = value
        stop = startPolkadotDiscovery({ connectors, config: noLists })
        // Keys such as `constructor` are listed under their own name, never a prototype's value.
        for (const { id, name } of connectors.list()) expect(name, id).toBeTypeOf('string')
      },
      // The scan refuses the whole object when it is not an object of extensions that pass.
      refuses: (value) => {
        try {
          return typeof value !== 'object' || value === null || !Object.values(value).some((item) => !refusedBy((x) => v.safeParse(InjectedExtensionSchema, x))(item))
        } catch {
          return true
        }
      },
      state: () => connectors.list(),
      after: () => {
        stop()
        delete g.window!.injectedWeb3
        connectors = createConnectorRegistry()
      },
    })
  })
})
