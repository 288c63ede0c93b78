import { Keypair, type PublicKey, SystemProgram, Transaction, type VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it, vi } from 'vitest'
import { type AdapterEvents, type Connector, solanaDevnet } from '../../../kernel/index.ts'
import { USER_REJECTED_CODE } from '../../../kernel/wallets/index.ts'
import { verifyEd25519 } from '../../../test/peers/solanaTestWallet.ts'
import { createSolanaAdapter } from './adapter.ts'
import { encodeBase58 } from '../../../protocol/base58.ts'
import { SolanaErrorText } from './errors.ts'
import type { SolanaProvider } from './provider.ts'
import { createPrivateKey, sign } from 'node:crypto'

// The legacy injected provider (Phantom's `window.phantom.solana` API), faked with
// a real key so signatures verify. Network calls are not needed here.
const keypair = Keypair.generate()
const address = keypair.publicKey.toBase58()
const privateKey = createPrivateKey({
  key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(keypair.secretKey.slice(0, 32)).toString('base64url'), x: Buffer.from(keypair.publicKey.toBytes()).toString('base64url') },
  format: 'jwk',
})

function legacyProvider(options: { trusted?: boolean; reject?: boolean; cancel?: boolean; bad?: boolean } = {}) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const calls: { method: string; args: unknown[] }[] = []
  let trusted = options.trusted ?? false
  const provider = {
    isPhantom: true,
    publicKey: null as PublicKey | null,
    async connect(opts?: { onlyIfTrusted?: boolean }) {
      calls.push({ method: 'connect', args: [opts] })
      if (opts?.onlyIfTrusted && !trusted) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      // Some wallets give no code and say it in words.
      if (options.cancel) throw new Error('User canceled the request')
      trusted = true
      provider.publicKey = keypair.publicKey
      return { publicKey: keypair.publicKey }
    },
    async disconnect() {
      calls.push({ method: 'disconnect', args: [] })
      trusted = false
    },
    async signMessage(message: Uint8Array, display: string) {
      calls.push({ method: 'signMessage', args: [message, display] })
      if (options.bad) return { signature: 'not bytes' }
      return { signature: new Uint8Array(sign(null, message, privateKey)), publicKey: keypair.publicKey }
    },
    async signTransaction(tx: VersionedTransaction) {
      calls.push({ method: 'signTransaction', args: [tx] })
      tx.sign([keypair])
      return tx
    },
    async signAndSendTransaction(tx: VersionedTransaction, opts: unknown) {
      calls.push({ method: 'signAndSendTransaction', args: [tx, opts] })
      tx.sign([keypair])
      return { signature: encodeBase58(tx.signatures[0]!), publicKey: keypair.publicKey }
    },
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
    emit: (event: string, payload?: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
  }
  return { provider, calls }
}

function setup(options: Parameters<typeof legacyProvider>[0] = {}) {
  const { provider, calls } = legacyProvider(options)
  const events = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() } satisfies AdapterEvents
  let connected: string | undefined
  const adapter = createSolanaAdapter({ events: () => events, network: () => solanaDevnet, address: () => connected })
  const connector: Connector = { id: 'phantom', name: 'Phantom', type: 'INJECTED', chain: 'solana', provider }
  return { adapter, connector, provider, calls, events, setAddress: (a: string | undefined) => (connected = a) }
}

const transfer = () =>
  new Transaction({ feePayer: keypair.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
  )

describe('legacy injected providers', () => {
  it('connects with connect(); reconnect uses onlyIfTrusted and says undefined when not trusted', async () => {
    const { adapter, connector, calls } = setup()
    expect(await adapter.reconnect(connector)).toBeUndefined()
    expect(await adapter.connect(connector, solanaDevnet)).toEqual({
      address,
      chainId: solanaDevnet.id,
      accounts: [{ address, type: 'eoa', namespace: 'solana' }],
    })
    expect(await adapter.reconnect(connector)).toMatchObject({ address })
    expect(calls.map((c) => [c.method, c.args[0]])).toEqual([
      ['connect', { onlyIfTrusted: true }],
      ['connect', undefined],
      ['connect', { onlyIfTrusted: true }],
    ])
  })

  it('a refusal is USER_REJECTED with code 4001', async () => {
    const { adapter, connector } = setup({ reject: true })
    await expect(adapter.connect(connector, solanaDevnet)).rejects.toMatchObject({ shortMessage: SolanaErrorText.USER_REJECTED, code: USER_REJECTED_CODE })
  })

  // The solana plugin used to read only "user rejected" in a code-less error; the bip122 and polkadot
  // plugins also "cancel". Every namespace now shares one mapping: a cancel is the visitor declining.
  it('a code-less cancel is USER_REJECTED too, not a wallet fault', async () => {
    const { adapter, connector } = setup({ cancel: true })
    await expect(adapter.connect(connector, solanaDevnet)).rejects.toMatchObject({ shortMessage: SolanaErrorText.USER_REJECTED, code: USER_REJECTED_CODE })
  })

  it('signs messages (verifiable), transactions, and sends with the options', async () => {
    const { adapter, connector, calls, setAddress } = setup()
    await adapter.connect(connector, solanaDevnet)
    setAddress(address)
    const provider = adapter.getProvider(connector) as SolanaProvider
    const signature = await provider.signMessage('hello')
    expect(verifyEd25519(keypair.publicKey.toBytes(), new TextEncoder().encode('hello'), signature)).toBe(true)
    const signed = (await provider.signTransaction(transfer())) as Transaction
    expect(signed.verifySignatures()).toBe(true)
    const sent = await provider.signAndSendTransaction(transfer(), { skipPreflight: true, preflightCommitment: 'finalized' })
    expect(sent).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(calls.at(-1)!.args[1]).toEqual({ skipPreflight: true, preflightCommitment: 'finalized' })
  })

  it('an answer that fails its schema is INVALID_ANSWER, not a crash', async () => {
    const { adapter, connector, setAddress } = setup({ bad: true })
    await adapter.connect(connector, solanaDevnet)
    setAddress(address)
    await expect((adapter.getProvider(connector) as SolanaProvider).signMessage('x')).rejects.toMatchObject({ shortMessage: SolanaErrorText.INVALID_ANSWER })
  })

  it('forwards accountChanged and disconnect; a null account (an account the site was never given) is ignored; disconnect stops it', async () => {
    const { adapter, connector, provider, events } = setup()
    await adapter.connect(connector, solanaDevnet)
    const other = Keypair.generate().publicKey
    provider.emit('accountChanged', other)
    provider.emit('accountChanged', null)
    provider.emit('disconnect')
    expect(events.accountsChanged.mock.calls).toEqual([
      ['solana', 'phantom', [other.toBase58()]],
      ['solana', 'phantom', []],
    ])
    await adapter.disconnect(connector)
    provider.emit('accountChanged', other)
    expect(events.accountsChanged).toHaveBeenCalledTimes(2)
  })

  it('a connector without a Solana wallet, and getBalance of a non-Solana address, fail clearly', async () => {
    const { adapter } = setup()
    await expect(adapter.connect({ id: 'x', name: 'X', type: 'INJECTED', chain: 'solana', provider: {} }, solanaDevnet)).rejects.toMatchObject({
      shortMessage: SolanaErrorText.NO_WALLET,
    })
    await expect(adapter.getBalance('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', solanaDevnet)).rejects.toMatchObject({ shortMessage: SolanaErrorText.INVALID_ADDRESS })
  })
})
