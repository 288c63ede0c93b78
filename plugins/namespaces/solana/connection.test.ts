import { Connection, Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { lamports as kitLamports, address as kitAddress } from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ConnectionStatus, ErrorText, type PorticoKit, SnackText, type StorageBackend, createKernel, createMemoryBackend } from '../../../kernel/index.ts'
import { type SolanaRpc, startSolanaRpc } from '../../../test/peers/solanaRpc.mjs'
import { solanaDevnetAt, solanaLocalnet } from '../../../test/peers/solanaNetworks.ts'
import { type SolanaApproveFn, DEFAULT_SOLANA_TEST_WALLET_ICON, createSolanaTestWallet, verifyEd25519 } from '../../../test/peers/solanaTestWallet.ts'
import { SolanaErrorText } from './errors.ts'
import { solanaPlugin } from './index.ts'
import type { SolanaProvider } from './provider.ts'

// The kernel's connection service end to end with this plugin, the Wallet
// Standard test wallet and a litesvm JSON-RPC shim. Port 8905 belongs to this file (8899 is the demo cluster).
const NAME = 'Solana Test Wallet'
const START_LAMPORTS = 1_234_567_891n
let rpc: SolanaRpc
let local: ReturnType<typeof solanaLocalnet>
let devnet: ReturnType<typeof solanaDevnetAt>
let chain: Connection

// The Wallet Standard registry is page-wide (one per module), so one window for the file.
const g = globalThis as unknown as { window?: EventTarget }
beforeAll(async () => {
  g.window = new EventTarget()
  rpc = await startSolanaRpc({ port: 8905 })
  local = solanaLocalnet(rpc.url)
  devnet = solanaDevnetAt(rpc.url)
  chain = new Connection(rpc.url, { commitment: 'confirmed', wsEndpoint: rpc.wsUrl })
})
afterAll(async () => {
  await rpc?.stop()
  delete g.window
})

const kits: PorticoKit[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  kits.splice(0).forEach((kit) => kit.destroy())
  cleanups.splice(0).forEach((stop) => stop())
})

function wallet(options: { approve?: SolanaApproveFn; funded?: boolean } = {}) {
  const w = createSolanaTestWallet({ name: NAME, rpcUrl: rpc.url, approve: options.approve })
  if (options.funded !== false) rpc.svm.airdrop(kitAddress(w.address), kitLamports(START_LAMPORTS))
  cleanups.push(w.register())
  return w
}

function kit(storage: StorageBackend = createMemoryBackend(), networks = [local, devnet]) {
  const warnings: unknown[][] = []
  const k = createKernel(
    { projectId: 'test', networks, features: { analytics: false }, plugins: [solanaPlugin()] },
    {
      storage,
      logger: { warn: (...args) => warnings.push(args), error: (...args) => warnings.push(args) },
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
    },
  )
  kits.push(k)
  const statuses: ConnectionStatus[] = []
  k.chains.select((s) => s.chains.solana?.accountState.status).subscribe((s) => s && statuses.push(s))
  return { kit: k, statuses, storage, warnings }
}

const account = (k: PorticoKit) => k.chains.record('solana')!.accountState
const provider = (k: PorticoKit) => k.getProvider('solana') as SolanaProvider
const lamportsOf = async (address: string) => BigInt(await chain.getBalance(new PublicKey(address)))

async function connect(k: PorticoKit) {
  await k.restored
  await k.plugins.load('solana')
  await k.connect({ connectorId: NAME, namespace: 'solana' })
}

describe('connect through the kit', () => {
  it('lists the Wallet Standard wallet once the body is active', async () => {
    wallet()
    const { kit: k } = kit()
    expect(k.connectors.list()).toEqual([])
    await k.plugins.load('solana')
    expect(k.connectors.list().map((c) => [c.id, c.name, c.type, c.chain, c.imageUrl])).toEqual([[NAME, NAME, 'ANNOUNCED', 'solana', DEFAULT_SOLANA_TEST_WALLET_ICON]])
  })

  it("goes disconnected -> connecting -> connected; the balance equals the node's, with 9 decimals", async () => {
    const w = wallet()
    const { kit: k, statuses, storage } = kit()
    await connect(k)
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(account(k)).toMatchObject({
      address: w.address,
      caipAddress: `solana:localnet:${w.address}`,
      allAccounts: [{ address: w.address, type: 'eoa', namespace: 'solana' }],
      connectedWalletInfo: { name: NAME, icon: DEFAULT_SOLANA_TEST_WALLET_ICON },
      status: 'connected',
    })
    expect(await lamportsOf(w.address)).toBe(START_LAMPORTS)
    await vi.waitFor(() => expect(account(k)).toMatchObject({ balance: '1.234567891', balanceSymbol: 'SOL' }))
    expect(provider(k).wallet).toBe(w.wallet)
    expect(JSON.parse(storage.getItem('@portico/connected_connector_ids') ?? 'null')).toEqual({ solana: NAME })
    expect(w.prompts).toEqual([{ feature: 'standard:connect', approved: true }])
  })

  it('a refused connection returns to disconnected and says it was rejected', async () => {
    wallet({ approve: () => false })
    const { kit: k, statuses } = kit()
    await k.plugins.load('solana')
    await expect(k.connect({ connectorId: NAME, namespace: 'solana' })).rejects.toMatchObject({
      shortMessage: SolanaErrorText.USER_REJECTED,
    })
    expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
  })
})

describe('signing and sending (signing uses the default chain)', () => {
  it('signs a message; the signature verifies with ed25519 against the account key', async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const signature = await provider(k).signMessage('Sign in to Portico')
    expect(signature).toHaveLength(64)
    const message = new TextEncoder().encode('Sign in to Portico')
    expect(verifyEd25519(new PublicKey(w.address).toBytes(), message, signature)).toBe(true)
    expect(verifyEd25519(new PublicKey(w.address).toBytes(), new TextEncoder().encode('other'), signature)).toBe(false)
  })

  it("a SOL transfer lands: the receiver gains the amount, the wallet was asked on the kit's chain", async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const receiver = Keypair.generate().publicKey.toBase58()
    const signature = await provider(k).sendSol({ amount: '0.01', receiver })
    const confirmed = await chain.confirmTransaction(signature, 'confirmed')
    expect(confirmed.value.err).toBeNull()
    expect(await lamportsOf(receiver)).toBe(10_000_000n)
    // Sender: minus the amount and the 5000-lamport fee.
    expect(await lamportsOf(w.address)).toBe(START_LAMPORTS - 10_000_000n - 5_000n)
    expect(w.calls.filter((c) => c.feature === 'solana:signAndSendTransaction')).toEqual([
      { feature: 'solana:signAndSendTransaction', detail: { chain: 'solana:localnet', options: {} } },
    ])
  })

  it.each([
    [{ amount: '0.01' }],
    [{ receiver: 'RECEIVER' }],
    [{ amount: '', receiver: 'RECEIVER' }],
    [{ amount: '0', receiver: 'RECEIVER' }],
    [{ amount: '-1', receiver: 'RECEIVER' }],
    [{ amount: 'lots', receiver: 'RECEIVER' }],
    [{ amount: '0.0000000001', receiver: 'RECEIVER' }],
    [{ amount: '0.01', receiver: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
    [{}],
  ])("sending SOL with %j: 'Please enter a valid amount and receiver address', nothing asked", async (input) => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const receiver = Keypair.generate().publicKey.toBase58()
    const parameters = { ...input, ...('receiver' in input && input.receiver === 'RECEIVER' ? { receiver } : {}) }
    await expect(provider(k).sendSol(parameters)).rejects.toMatchObject({ shortMessage: ErrorText.SOLANA_AMOUNT_AND_RECEIVER_REQUIRED })
    expect(w.prompts.map((p) => p.feature)).toEqual(['standard:connect'])
    expect(k.snack.store.get().open).toBe(false)
  })

  it("a send the chain refuses (more than the balance) fails with 'Failed to send transaction. Please try again.' as a snack", async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const receiver = Keypair.generate().publicKey.toBase58()
    await expect(provider(k).sendSol({ amount: '5', receiver })).rejects.toMatchObject({ shortMessage: SnackText.SOLANA_SEND_FAILED })
    expect(k.snack.store.get()).toMatchObject({ open: true, message: SnackText.SOLANA_SEND_FAILED, variant: 'error' })
    expect(await lamportsOf(receiver)).toBe(0n)
    expect(await lamportsOf(w.address)).toBe(START_LAMPORTS)
  })

  it('a send the visitor declines in the wallet fails with the same snack text', async () => {
    let approve = true
    wallet({ approve: () => approve })
    const { kit: k } = kit()
    await connect(k)
    approve = false
    const error = await provider(k)
      .sendSol({ amount: '0.01', receiver: Keypair.generate().publicKey.toBase58() })
      .catch((e) => e)
    expect(error).toMatchObject({ shortMessage: SnackText.SOLANA_SEND_FAILED, details: SolanaErrorText.USER_REJECTED })
    expect(k.snack.store.get()).toMatchObject({ open: true, message: SnackText.SOLANA_SEND_FAILED })
  })

  it('signs a host transaction (legacy and v0) without sending it', async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const from = new PublicKey(w.address)
    const { blockhash } = await chain.getLatestBlockhash()
    const legacy = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    )
    const signed = (await provider(k).signTransaction(legacy)) as Transaction
    expect(signed).toBeInstanceOf(Transaction)
    expect(signed.verifySignatures()).toBe(true)
    const v0 = new VersionedTransaction(legacy.compileMessage())
    const signedV0 = (await provider(k).signTransaction(v0)) as VersionedTransaction
    expect(signedV0).toBeInstanceOf(VersionedTransaction)
    expect(verifyEd25519(from.toBytes(), signedV0.message.serialize(), signedV0.signatures[0]!)).toBe(true)
    expect(await lamportsOf(w.address)).toBe(START_LAMPORTS)
  })

  it('sign-and-send passes the send options to the wallet and refuses ones outside the schema', async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const from = new PublicKey(w.address)
    const transfer = async () =>
      new Transaction({ feePayer: from, recentBlockhash: (await chain.getLatestBlockhash()).blockhash }).add(
        SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 2_000_000 }),
      )
    const options = { skipPreflight: false, preflightCommitment: 'processed', maxRetries: 2, minContextSlot: 0 } as const
    const signature = await provider(k).signAndSendTransaction(await transfer(), options)
    expect((await chain.confirmTransaction(signature)).value.err).toBeNull()
    expect(w.calls.at(-1)).toEqual({ feature: 'solana:signAndSendTransaction', detail: { chain: 'solana:localnet', options } })
    for (const bad of [{ preflightCommitment: 'fast' }, { maxRetries: -1 }, { skipPreflight: 'yes' }, { commitment: 'confirmed' }]) {
      await expect(provider(k).signAndSendTransaction(await transfer(), bad as never)).rejects.toMatchObject({
        shortMessage: SolanaErrorText.INVALID_OPTIONS,
      })
    }
  })
})

describe('network, events, resume and disconnect', () => {
  it('switching between two Solana networks recomposes the address; signing follows the new chain', async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    await k.switchNetwork(devnet)
    expect(account(k).caipAddress).toBe(`solana:${devnet.id}:${w.address}`)
    expect(k.chains.get().activeCaipNetwork.caipNetworkId).toBe(devnet.caipNetworkId)
    expect(provider(k).chain).toBe('solana:devnet')
    await provider(k).sendSol({ amount: '0.001', receiver: Keypair.generate().publicKey.toBase58() })
    expect(w.calls.at(-1)?.detail).toMatchObject({ chain: 'solana:devnet' })
  })

  it('a wallet that does not list the chain refuses the switch (Chain is not supported), and nothing changes', async () => {
    const w = createSolanaTestWallet({ name: NAME, rpcUrl: rpc.url, chains: ['solana:localnet'] })
    cleanups.push(w.register())
    const { kit: k } = kit()
    await connect(k)
    await expect(k.switchNetwork(devnet)).rejects.toMatchObject({ shortMessage: ErrorText.CHAIN_NOT_SUPPORTED })
    expect(account(k).caipAddress).toBe(`solana:localnet:${w.address}`)
  })

  it('the wallet dropping the site (standard:events change, no accounts) disconnects the namespace', async () => {
    const w = wallet()
    const { kit: k, statuses } = kit()
    await connect(k)
    await w.lock()
    await vi.waitFor(() => expect(account(k).address).toBeUndefined())
    expect(statuses.at(-1)).toBe('disconnected')
  })

  it('a wallet account change reaches the account state', async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    const other = Keypair.generate().publicKey.toBase58()
    await w.emitChange({ accounts: [{ address: other, publicKey: new Uint8Array(32), chains: ['solana:localnet'], features: [] }] })
    await vi.waitFor(() => expect(account(k).caipAddress).toBe(`solana:localnet:${other}`))
  })

  it('a fresh kit on the same storage resumes with a silent standard:connect, without a prompt', async () => {
    const w = wallet()
    const first = kit()
    await connect(first.kit)
    first.kit.destroy()
    const second = kit(first.storage)
    await second.kit.restored
    expect(account(second.kit)).toMatchObject({ address: w.address, status: 'connected' })
    expect(w.prompts).toHaveLength(1)
    expect(w.calls.filter((c) => c.feature === 'standard:connect').map((c) => c.detail)).toEqual([{ silent: false }, { silent: true }])
  })

  it('resume fails quietly to disconnected when the wallet no longer grants access', async () => {
    const w = wallet()
    const first = kit()
    await connect(first.kit)
    first.kit.destroy()
    await w.lock()
    const second = kit(first.storage)
    await second.kit.restored
    expect(account(second.kit).address).toBeUndefined()
    expect(account(second.kit).status).toBe('disconnected')
    expect(second.storage.getItem('@portico/connection_status')).toBe('"disconnected"')
  })

  it('kit.disconnect("solana") tells the wallet (standard:disconnect) and resets the account', async () => {
    const w = wallet()
    const { kit: k } = kit()
    await connect(k)
    await k.disconnect('solana')
    expect(w.calls.at(-1)?.feature).toBe('standard:disconnect')
    expect(w.state().authorized).toBe(false)
    expect(account(k).address).toBeUndefined()
    expect(account(k).status).toBe('disconnected')
    expect(k.getProvider('solana')).toBeUndefined()
  })
})
