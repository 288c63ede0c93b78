// A Polkadot test wallet shaped like the browser extensions (`window.injectedWeb3[key]`),
// with one sr25519 account. The extension object runs in the page (or in Node for unit
// tests); the key stays in Node, where raw bytes are signed the way polkadot{.js} signs
// them: sr25519 over `<Bytes>…</Bytes>`-wrapped data.
import { randomBytes } from 'node:crypto'
import { encodeAddress } from '@polkadot/util-crypto'
import * as sr25519 from '@scure/sr25519'
import type { Page } from 'playwright-core'
import { type PolkadotExtensionBridge, type PolkadotExtensionState, createPolkadotExtension } from './polkadotExtensionCore.ts'
import { bindingName, installPageWallet } from './pageWallet.ts'

export type { PolkadotExtensionState } from './polkadotExtensionCore.ts'

/** Decides a prompt (enable, signRaw): return false to make the extension refuse. */
export type PolkadotApproveFn = (method: string, detail: unknown) => boolean | Promise<boolean>

export interface PolkadotTestWalletOptions {
  /** The `injectedWeb3` key, which the kit shows as the wallet's name (e.g. 'polkadot-test'). */
  readonly key: string
  /** The account's name in the extension. */
  readonly accountName?: string
  /** 32-byte seed of the sr25519 key; a fresh one by default. */
  readonly seed?: Uint8Array
  /** SS58 prefix of the address: 0 (Polkadot) by default. */
  readonly ss58Prefix?: number
  readonly approve?: PolkadotApproveFn
}

export interface PolkadotTestWalletHandle {
  /** SS58 address of the account. */
  readonly address: string
  readonly publicKey: Uint8Array
  readonly calls: readonly { method: string; detail: unknown }[]
  readonly prompts: readonly { method: string; approved: boolean }[]
  state(): PolkadotExtensionState
  lock(): Promise<void>
}

const PREFIX = new TextEncoder().encode('<Bytes>')
const POSTFIX = new TextEncoder().encode('</Bytes>')

function createBackend(options: PolkadotTestWalletOptions) {
  const secret = sr25519.secretFromSeed(options.seed ?? new Uint8Array(randomBytes(32)))
  const publicKey = sr25519.getPublicKey(secret)
  const address = encodeAddress(publicKey, options.ss58Prefix ?? 0)
  const calls: { method: string; detail: unknown }[] = []
  const prompts: { method: string; approved: boolean }[] = []
  let state: PolkadotExtensionState = { authorized: false }
  const bridge: PolkadotExtensionBridge = {
    load: async () => state,
    save: async (next) => void (state = next),
    log: async (method, detail) => void calls.push({ method, detail }),
    async approve(method, detail) {
      const approved = options.approve ? Boolean(await options.approve(method, detail)) : true
      prompts.push({ method, approved })
      return approved
    },
    async signRaw({ data, type }) {
      if (type !== 'bytes' || !/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new Error('signRaw: hex bytes expected')
      const bytes = Buffer.from(data.slice(2), 'hex')
      return `0x${Buffer.from(sr25519.sign(secret, Uint8Array.from([...PREFIX, ...bytes, ...POSTFIX]))).toString('hex')}`
    },
  }
  const core = { version: '0.62.1', accounts: [{ address, name: options.accountName ?? 'Test account', type: 'sr25519' as const }] }
  const handle = (lock: () => Promise<unknown>): PolkadotTestWalletHandle => ({
    address,
    publicKey,
    calls,
    prompts,
    state: () => state,
    lock: async () => void (await lock()),
  })
  return { bridge, core, handle }
}

/** The extension object in Node, for unit tests (put it in `window.injectedWeb3` yourself). */
export function createPolkadotTestWallet(options: PolkadotTestWalletOptions): PolkadotTestWalletHandle & { readonly extension: Record<string, unknown> } {
  const backend = createBackend(options)
  const { wallet, control } = createPolkadotExtension(backend.core, backend.bridge)
  return { ...backend.handle(control.lock), extension: wallet }
}

/**
 * Injects the extension in a page under `window.injectedWeb3[key]`, before any of
 * its scripts and on every load, as extensions do. Prompts and signatures are
 * answered in Node, where the site's authorization is remembered across loads.
 *
 * @example
 * const wallet = await installPolkadotTestWallet(page, { key: 'polkadot-test' })
 * await page.goto(url)
 */
export async function installPolkadotTestWallet(page: Page, options: PolkadotTestWalletOptions): Promise<PolkadotTestWalletHandle> {
  const backend = createBackend(options)
  const control = await installPageWallet(page, {
    binding: bindingName('__porticoPolkadotTestWallet', options.key),
    core: backend.core,
    bridge: backend.bridge,
    create: createPolkadotExtension,
    announce: { kind: 'injectedWeb3', key: options.key },
  })
  return backend.handle(() => control('lock'))
}
