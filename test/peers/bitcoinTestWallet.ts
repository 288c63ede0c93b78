// A Bitcoin test wallet that speaks the Wallet Standard (bitcoin:connect,
// bitcoin:signMessage, standard:disconnect, standard:events), with a P2WPKH payment
// account and a P2TR ordinals account. The wallet object runs in the page (or in Node
// for unit tests); the keys stay in Node, where messages are signed with BIP-322
// (simple), the scheme wallets use for segwit addresses.
import { createHash, randomBytes } from 'node:crypto'
import { secp256k1, schnorr } from '@noble/curves/secp256k1'
import { bech32, bech32m } from '@scure/base'
import type { Page } from 'playwright-core'
import { type BitcoinWalletBridge, type BitcoinWalletState, createBitcoinStandardWallet } from './bitcoinWalletCore.ts'
import { bindingName, installPageWallet } from './pageWallet.ts'

export type { BitcoinWalletState } from './bitcoinWalletCore.ts'

export const DEFAULT_BITCOIN_TEST_WALLET_ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/></svg>',
).toString('base64')}`

/** Decides a prompt: return false to make the wallet answer 4001 "User rejected the request." */
export type BitcoinApproveFn = (feature: string, detail: unknown) => boolean | Promise<boolean>

export interface BitcoinTestWalletOptions {
  readonly name: string
  readonly icon?: string
  /** The payment key (32 bytes); a fresh one by default. The ordinals key is derived from it. */
  readonly privateKey?: Uint8Array
  /** bitcoin:mainnet (bc1 addresses, the default) or bitcoin:testnet (tb1). */
  readonly network?: 'mainnet' | 'testnet'
  /** Every prompt (connect, sign) asks this; default approves. */
  readonly approve?: BitcoinApproveFn
}

export interface BitcoinTestWalletHandle {
  /** The P2WPKH payment address (bc1q…), which signs messages. */
  readonly address: string
  /** The P2TR ordinals address (bc1p…). */
  readonly ordinalsAddress: string
  /** Compressed public key of the payment account (33 bytes). */
  readonly publicKey: Uint8Array
  /** x-only public key of the ordinals account (32 bytes, untweaked). */
  readonly ordinalsPublicKey: Uint8Array
  readonly calls: readonly { feature: string; detail: unknown }[]
  readonly prompts: readonly { feature: string; approved: boolean }[]
  state(): BitcoinWalletState
  /** The visitor locks the wallet: a change event with no accounts. */
  lock(): Promise<void>
}

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256')
  parts.forEach((part) => hash.update(part))
  return new Uint8Array(hash.digest())
}
const hash256 = (bytes: Uint8Array) => sha256(sha256(bytes))
const hash160 = (bytes: Uint8Array) => new Uint8Array(createHash('ripemd160').update(sha256(bytes)).digest())
const taggedHash = (tag: string, message: Uint8Array) => {
  const tagHash = sha256(new TextEncoder().encode(tag))
  return sha256(tagHash, tagHash, message)
}
const concat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((part) => [...part]))
const u32 = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]
const u64Zero = [0, 0, 0, 0, 0, 0, 0, 0]
/** A Bitcoin CompactSize for the short lengths used here. */
const varint = (value: number) => {
  if (value >= 0xfd) throw new Error('test wallet: lengths past 252 bytes are not needed here')
  return [value]
}
const pushed = (bytes: Uint8Array) => concat(varint(bytes.length), bytes)

/**
 * The BIP-322 "simple" signature of `message` by the P2WPKH key: the witness of the
 * virtual to_sign transaction, serialized (what wallets return, base64-encoded).
 */
export function signBip322P2wpkh(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const keyHash = hash160(publicKey)
  const scriptPubKey = concat([0x00, 0x14], keyHash)
  // to_spend: spends nothing, commits to the message hash, pays 0 to the address's script.
  const toSpend = concat(
    u32(0),
    [1],
    new Uint8Array(32),
    u32(0xffffffff),
    pushed(concat([0x00, 0x20], taggedHash('BIP0322-signed-message', message))),
    u32(0),
    [1],
    u64Zero,
    pushed(scriptPubKey),
    u32(0),
  )
  const outpoint = concat(hash256(toSpend), u32(0))
  // to_sign spends to_spend's output to OP_RETURN; its BIP-143 digest is what the key signs.
  const scriptCode = concat([0x19, 0x76, 0xa9, 0x14], keyHash, [0x88, 0xac])
  const digest = hash256(
    concat(
      u32(0),
      hash256(outpoint),
      hash256(concat(u32(0))),
      outpoint,
      scriptCode,
      u64Zero,
      u32(0),
      hash256(concat(u64Zero, [1, 0x6a])),
      u32(0),
      u32(1), // SIGHASH_ALL
    ),
  )
  const signature = concat(signLowR(digest, privateKey), [0x01])
  return concat([2], pushed(signature), pushed(publicKey))
}

/**
 * DER ECDSA with a low R, as Bitcoin Core signs: RFC 6979, then again with a 32-byte
 * little-endian counter as extra entropy until R fits 32 bytes (a 70-byte signature).
 */
function signLowR(digest: Uint8Array, privateKey: Uint8Array): Uint8Array {
  for (let counter = 0; ; counter++) {
    const extraEntropy = counter === 0 ? undefined : Uint8Array.from(u32(counter).concat(new Array(28).fill(0)))
    const signature = secp256k1.sign(digest, privateKey, { lowS: true, extraEntropy })
    if (signature.r < 2n ** 255n) return signature.toDERRawBytes()
  }
}

/** The P2TR output key of an x-only internal key with no script tree (BIP-86). */
function taprootOutputKey(internal: Uint8Array): Uint8Array {
  const point = secp256k1.ProjectivePoint.fromHex(concat([0x02], internal))
  const tweak = BigInt(`0x${Buffer.from(taggedHash('TapTweak', internal)).toString('hex')}`)
  return point.add(secp256k1.ProjectivePoint.BASE.multiply(tweak)).toRawBytes(true).slice(1)
}

function createBackend(options: BitcoinTestWalletOptions) {
  const privateKey = options.privateKey ?? new Uint8Array(randomBytes(32))
  const ordinalsKey = sha256(new TextEncoder().encode('ordinals'), privateKey)
  const network = options.network ?? 'mainnet'
  const hrp = network === 'mainnet' ? 'bc' : 'tb'
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const ordinalsPublicKey = schnorr.getPublicKey(ordinalsKey)
  const address = bech32.encode(hrp, [0, ...bech32.toWords(hash160(publicKey))])
  const ordinalsAddress = bech32m.encode(hrp, [1, ...bech32m.toWords(taprootOutputKey(ordinalsPublicKey))])
  const calls: { feature: string; detail: unknown }[] = []
  const prompts: { feature: string; approved: boolean }[] = []
  let state: BitcoinWalletState = { authorized: false }
  const bridge: BitcoinWalletBridge = {
    load: async () => state,
    save: async (next) => void (state = next),
    log: async (feature, detail) => void calls.push({ feature, detail }),
    async approve(feature, detail) {
      const approved = options.approve ? Boolean(await options.approve(feature, detail)) : true
      prompts.push({ feature, approved })
      return approved
    },
    async signMessage(signer, message) {
      // BIP-322 for P2TR needs a taproot key-path signature; the ordinals account only holds inscriptions here.
      if (signer !== address) throw Object.assign(new Error('This wallet signs messages with its payment account only'), { code: -32602 })
      return [...signBip322P2wpkh(privateKey, Uint8Array.from(message))]
    },
  }
  const core = {
    name: options.name,
    icon: options.icon ?? DEFAULT_BITCOIN_TEST_WALLET_ICON,
    chains: [`bitcoin:${network}`],
    accounts: [
      { address, publicKey: [...publicKey], purpose: 'payment' as const },
      { address: ordinalsAddress, publicKey: [...ordinalsPublicKey], purpose: 'ordinals' as const },
    ],
  }
  const handle = (lock: () => Promise<unknown>): BitcoinTestWalletHandle => ({
    address,
    ordinalsAddress,
    publicKey,
    ordinalsPublicKey,
    calls,
    prompts,
    state: () => state,
    lock: async () => void (await lock()),
  })
  return { bridge, core, handle }
}

/**
 * The test wallet in Node, for unit tests: the Wallet Standard object itself
 * (hand it to `getWallets().register`, or call its features).
 */
export function createBitcoinTestWallet(options: BitcoinTestWalletOptions): BitcoinTestWalletHandle & { readonly wallet: Record<string, unknown> } {
  const backend = createBackend(options)
  const { wallet, control } = createBitcoinStandardWallet(backend.core, backend.bridge)
  return { ...backend.handle(control.lock), wallet }
}

/**
 * Installs the test wallet in a page, before any of its scripts and on every
 * load, registered through the Wallet Standard window protocol. Prompts and
 * signatures are answered in Node; what the wallet remembers (authorization)
 * lives in Node, so a reload resumes like a real wallet.
 *
 * @example
 * const wallet = await installBitcoinTestWallet(page, { name: 'Bitcoin Test Wallet' })
 * await page.goto(url)
 */
export async function installBitcoinTestWallet(page: Page, options: BitcoinTestWalletOptions): Promise<BitcoinTestWalletHandle> {
  const backend = createBackend(options)
  const control = await installPageWallet(page, {
    binding: bindingName('__porticoBitcoinTestWallet', options.name),
    core: backend.core,
    bridge: backend.bridge,
    create: createBitcoinStandardWallet,
    announce: { kind: 'wallet-standard' },
  })
  return backend.handle(() => control('lock'))
}
