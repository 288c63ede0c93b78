import { showPrompt } from './prompt.ts'
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_PUBLIC_KEY, DEV_SOLANA_WALLET_NAME } from './solanaInfo.ts'

/**
 * The Solana dev wallet's working part, an island (demo/islands.mjs) downloaded on its first request: the
 * approve/reject prompt and ed25519 signing with WebCrypto. The key is a fixed,
 * public TEST key (seed bytes d0 d1 … ef): anyone can sign with it.
 */
const TEST_SEED_BASE64URL = '0NHS09TV1tfY2drb3N3e3-Dh4uPk5ebn6Onq6-zt7u8'

export interface DevSolanaWalletCore {
  approveConnect(): Promise<boolean>
  signMessage(message: Uint8Array): Promise<Uint8Array>
  signTransaction(transaction: Uint8Array, chain?: string): Promise<Uint8Array>
  /** Signs, sends to the RPC with the given send options; resolves with the fee payer's signature. */
  signAndSendTransaction(transaction: Uint8Array, chain: string, options: unknown): Promise<Uint8Array>
}

type Approve = (title: string, action: string, details: [string, string][]) => Promise<boolean>

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

async function demoPrompt(title: string, action: string, details: [string, string][]): Promise<boolean> {
  return showPrompt({ title, action, details })
}

/** A compact-u16 (Solana's short vector length) at `offset`: [value, bytes used]. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]!
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, i + 1]
  }
  throw new Error('invalid transaction: bad length prefix')
}

/** Where the message starts, and which signature slot is this wallet's (legacy and v0 wire formats). */
export function signerSlot(wire: Uint8Array, publicKey: Uint8Array): { signaturesAt: number; messageAt: number; slot: number } {
  const [count, used] = compactU16(wire, 0)
  const messageAt = used + 64 * count
  let at = messageAt
  if ((wire[at]! & 0x80) !== 0) at += 1 // versioned message prefix
  const required = wire[at]!
  at += 3
  const [keys, keyBytes] = compactU16(wire, at)
  at += keyBytes
  for (let i = 0; i < Math.min(keys, required, count); i++) {
    const key = wire.subarray(at + 32 * i, at + 32 * (i + 1))
    if (key.every((b, j) => b === publicKey[j])) return { signaturesAt: used, messageAt, slot: i }
  }
  throw Object.assign(new Error('This transaction does not need the dev wallet’s signature'), { code: 4100 })
}

export function createDevSolanaWalletCore(options: { rpcUrl: string; approve?: Approve; subtle?: SubtleCrypto }): DevSolanaWalletCore {
  const subtle = options.subtle ?? crypto.subtle
  const approve = options.approve ?? demoPrompt
  const publicKey = Uint8Array.from(atob(DEV_SOLANA_PUBLIC_KEY.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
  const key = subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', d: TEST_SEED_BASE64URL, x: DEV_SOLANA_PUBLIC_KEY }, { name: 'Ed25519' }, false, ['sign'])
  const sign = async (bytes: Uint8Array) => new Uint8Array(await subtle.sign({ name: 'Ed25519' }, await key, bytes as BufferSource))
  const ask = async (action: string, details: [string, string][] = []) => {
    if (!(await approve(DEV_SOLANA_WALLET_NAME, action, [['Account', DEV_SOLANA_ADDRESS], ...details]))) throw rejected()
  }
  const signWire = async (transaction: Uint8Array) => {
    const wire = Uint8Array.from(transaction)
    const { signaturesAt, messageAt, slot } = signerSlot(wire, publicKey)
    const signature = await sign(wire.subarray(messageAt))
    wire.set(signature, signaturesAt + 64 * slot)
    return { wire, signature: wire.slice(signaturesAt, signaturesAt + 64) }
  }
  return {
    approveConnect: () => approve(DEV_SOLANA_WALLET_NAME, 'Connect to this site?', [['Account', DEV_SOLANA_ADDRESS]]),
    async signMessage(message) {
      const text = new TextDecoder('utf-8', { fatal: false }).decode(message)
      await ask('Sign this message?', [['Message', text]])
      return sign(message)
    },
    async signTransaction(transaction, chain) {
      await ask('Sign this transaction (without sending it)?', [['Chain', chain ?? '—']])
      return (await signWire(transaction)).wire
    },
    async signAndSendTransaction(transaction, chain, sendOptions) {
      await ask('Sign and send this transaction?', [['Chain', chain]])
      const { wire, signature } = await signWire(transaction)
      const picked = Object.fromEntries(
        Object.entries((sendOptions ?? {}) as Record<string, unknown>).filter(([name]) => ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'].includes(name)),
      )
      const base64 = btoa(Array.from(wire, (b) => String.fromCharCode(b)).join(''))
      const response = await fetch(options.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base64, { encoding: 'base64', ...picked }] }),
      })
      const body = (await response.json()) as { error?: { code: number; message: string } }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
      return signature
    },
  }
}
