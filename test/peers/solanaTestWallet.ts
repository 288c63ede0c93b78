// A Solana test wallet that speaks the Wallet Standard (standard:connect,
// standard:disconnect, standard:events, solana:signMessage, solana:signTransaction,
// solana:signAndSendTransaction). The wallet object runs in the page (or in Node
// for unit tests); the key stays in Node, where signing happens.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto'
import { Connection, Keypair, type SendOptions, VersionedTransaction } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { type SolanaWalletBridge, type SolanaWalletControl, type SolanaWalletState, createSolanaStandardWallet } from './solanaWalletCore.ts'
import { bindingName, installPageWallet } from './pageWallet.ts'

export type { SolanaWalletState } from './solanaWalletCore.ts'

/** The Wallet Standard chains of the three predefined clusters plus a local one. */
export const SOLANA_STANDARD_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const

export const DEFAULT_SOLANA_TEST_WALLET_ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#9945ff"/></svg>',
).toString('base64')}`

/** Decides a prompt: return false to make the wallet answer 4001 "User rejected the request." */
export type SolanaApproveFn = (feature: string, detail: unknown) => boolean | Promise<boolean>

export interface SolanaTestWalletOptions {
  readonly name: string
  readonly icon?: string
  /** The account; a fresh one by default. */
  readonly keypair?: Keypair
  /** Where signAndSendTransaction sends, whatever the chain (the local RPC in tests). */
  readonly rpcUrl: string
  readonly chains?: readonly string[]
  /** Every prompt (connect, sign, send) asks this; default approves. */
  readonly approve?: SolanaApproveFn
}

export interface SolanaTestWalletHandle {
  readonly keypair: Keypair
  /** base58 address of the account. */
  readonly address: string
  /** Every feature call, with the chain and options it carried, in order (across page loads). */
  readonly calls: readonly { feature: string; detail: unknown }[]
  readonly prompts: readonly { feature: string; approved: boolean }[]
  state(): SolanaWalletState
  /** The visitor locks the wallet: a change event with no accounts. */
  lock(): Promise<void>
  /** Emits a `standard:events` change. */
  emitChange(properties: Record<string, unknown>): Promise<void>
}

function createBackend(options: SolanaTestWalletOptions) {
  const keypair = options.keypair ?? Keypair.generate()
  const privateKey = ed25519PrivateKey(keypair)
  const calls: { feature: string; detail: unknown }[] = []
  const prompts: { feature: string; approved: boolean }[] = []
  let state: SolanaWalletState = { authorized: false }
  const connection = new Connection(options.rpcUrl, 'confirmed')
  const signed = (transaction: number[]) => {
    const tx = VersionedTransaction.deserialize(Uint8Array.from(transaction))
    tx.sign([keypair])
    return tx
  }
  const bridge: SolanaWalletBridge = {
    load: async () => state,
    save: async (next) => void (state = next),
    log: async (feature, detail) => void calls.push({ feature, detail }),
    async approve(feature, detail) {
      const approved = options.approve ? Boolean(await options.approve(feature, detail)) : true
      prompts.push({ feature, approved })
      return approved
    },
    signMessage: async (message) => [...sign(null, Uint8Array.from(message), privateKey)],
    signTransaction: async (transaction) => [...signed(transaction).serialize()],
    async signAndSendTransaction(transaction, _chain, sendOptions) {
      const tx = signed(transaction)
      await connection.sendRawTransaction(tx.serialize(), sendOptions as SendOptions)
      return [...tx.signatures[0]!]
    },
  }
  const core = {
    name: options.name,
    icon: options.icon ?? DEFAULT_SOLANA_TEST_WALLET_ICON,
    address: keypair.publicKey.toBase58(),
    publicKey: [...keypair.publicKey.toBytes()],
    chains: [...(options.chains ?? SOLANA_STANDARD_CHAINS)],
  }
  return { keypair, bridge, calls, prompts, core, state: () => state }
}

function handleOf(
  backend: ReturnType<typeof createBackend>,
  control: Pick<SolanaWalletControl, 'lock'> & { emitChange(p: Record<string, unknown>): unknown },
): SolanaTestWalletHandle {
  return {
    keypair: backend.keypair,
    address: backend.core.address,
    calls: backend.calls,
    prompts: backend.prompts,
    state: backend.state,
    lock: () => control.lock(),
    emitChange: async (properties) => void (await control.emitChange(properties)),
  }
}

/**
 * The test wallet in Node, for unit tests. `register()` follows the Wallet
 * Standard window protocol on `globalThis.window` (an EventTarget in tests): it
 * dispatches `wallet-standard:register-wallet` and answers every later
 * `wallet-standard:app-ready`. It returns the unregister function.
 *
 * @example
 * globalThis.window = new EventTarget() as Window & typeof globalThis
 * const wallet = createSolanaTestWallet({ name: 'Solana Test Wallet', rpcUrl: rpc.url })
 * const unregister = wallet.register()
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions): SolanaTestWalletHandle & {
  readonly wallet: Record<string, unknown>
  register(): () => void
} {
  const backend = createBackend(options)
  const { wallet, control } = createSolanaStandardWallet(backend.core, backend.bridge)
  return {
    ...handleOf(backend, control),
    wallet,
    register() {
      const target = globalThis.window as unknown as EventTarget
      const unregisters: (() => void)[] = []
      const callback = ({ register }: { register(...wallets: unknown[]): () => void }) => {
        unregisters.push(register(wallet))
      }
      const onReady = (event: Event) => callback((event as CustomEvent).detail)
      target.addEventListener('wallet-standard:app-ready', onReady)
      target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
      return () => {
        target.removeEventListener('wallet-standard:app-ready', onReady)
        unregisters.splice(0).forEach((unregister) => unregister())
      }
    },
  }
}

/**
 * Installs the test wallet in a page, before any of its scripts and on every
 * load, registered through the Wallet Standard window protocol. Prompts,
 * signatures and sends are answered in Node; what the wallet remembers
 * (authorization) lives in Node, so a reload resumes like a real wallet.
 *
 * @example
 * const wallet = await installSolanaTestWallet(page, { name: 'Solana Test Wallet', rpcUrl: rpc.url })
 * await page.goto(url)
 */
export async function installSolanaTestWallet(page: Page, options: SolanaTestWalletOptions): Promise<SolanaTestWalletHandle> {
  const backend = createBackend(options)
  const control = await installPageWallet(page, {
    binding: bindingName('__porticoSolanaTestWallet', options.name),
    core: backend.core,
    bridge: backend.bridge,
    create: createSolanaStandardWallet,
    announce: { kind: 'wallet-standard' },
  })
  return handleOf(backend, { lock: async () => void (await control('lock')), emitChange: (p) => control('emitChange', [p]) })
}

/** An ed25519 signature check with Node's own crypto, independent of the wallet's signing code. */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' })
  return verify(null, message, key, signature)
}

function ed25519PrivateKey(keypair: Keypair) {
  return createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(keypair.secretKey.slice(0, 32)).toString('base64url'),
      x: Buffer.from(keypair.publicKey.toBytes()).toString('base64url'),
    },
    format: 'jwk',
  })
}
