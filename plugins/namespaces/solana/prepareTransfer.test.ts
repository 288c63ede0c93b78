import { Connection, Keypair, LAMPORTS_PER_SOL, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_USD, createSolanaDemoToken, fundSolanaDemoAccount } from '../../../demo/peers/solanaTokens.mjs'
import { ErrorText, type PorticoKit, createKernel, createMemoryBackend } from '../../../kernel/index.ts'
import { type SolanaRpc, startSolanaRpc } from '../../../test/peers/solanaRpc.mjs'
import { solanaLocalnet } from '../../../test/peers/solanaNetworks.ts'
import { createSolanaTestWallet } from '../../../test/peers/solanaTestWallet.ts'
import { solanaPlugin } from './index.ts'
import type { SolanaProvider } from './provider.ts'

// The provider's prepareTransfer on the litesvm shim: what it builds (decoded with web3.js)
// and what it says the transfer costs, for SOL and the demo's Token-2022 "Local USD".
const NAME = 'Solana Prepare Wallet'
let rpc: SolanaRpc
const g = globalThis as unknown as { window?: EventTarget }
beforeAll(async () => {
  g.window = new EventTarget()
  rpc = await startSolanaRpc()
  await createSolanaDemoToken(rpc.url, { holders: [] })
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

async function provider(): Promise<{ provider: SolanaProvider; address: string }> {
  const w = createSolanaTestWallet({ name: NAME, rpcUrl: rpc.url })
  cleanups.push(w.register())
  await fundSolanaDemoAccount(rpc.url, w.address, { sol: 1, tokens: 3 })
  const kit = createKernel(
    { projectId: 'test', networks: [solanaLocalnet(rpc.url)], features: { analytics: false }, plugins: [solanaPlugin()] },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(kit)
  await kit.restored
  await kit.plugins.load('solana')
  await kit.connect({ connectorId: NAME, namespace: 'solana' })
  return { provider: kit.getProvider('solana') as SolanaProvider, address: w.address }
}

describe('SolanaProvider.prepareTransfer', () => {
  it('SOL: an unsigned System transfer paid by the account, fee 5000, no rent, the account’s lamports', async () => {
    const { provider: p, address } = await provider()
    const to = Keypair.generate().publicKey
    const prepared = await p.prepareTransfer({ amount: 250_000_000n, receiver: to.toBase58() })
    expect(prepared).toMatchObject({ fee: 5000n, rent: 0n, lamportsPerSignature: 5000n, balance: BigInt(LAMPORTS_PER_SOL) })
    expect(prepared.transaction.constructor).toBe(Uint8Array)
    const tx = Transaction.from(prepared.transaction)
    expect(tx.feePayer?.toBase58()).toBe(address)
    expect(tx.signatures.every((s) => s.signature === null)).toBe(true)
    expect(tx.instructions[0]!.programId.equals(SystemProgram.programId)).toBe(true)
    expect(SystemInstruction.decodeTransfer(tx.instructions[0]!)).toMatchObject({ toPubkey: to, lamports: 250_000_000n })
  })

  it('LUSD to a fresh address: CreateIdempotent then TransferChecked with the mint’s own 6 decimals; rent for the 170-byte account', async () => {
    const { provider: p } = await provider()
    const prepared = await p.prepareTransfer({ amount: 1_500_000n, receiver: Keypair.generate().publicKey.toBase58(), mint: LOCAL_USD.mint })
    const rent = BigInt(await new Connection(rpc.url).getMinimumBalanceForRentExemption(170))
    expect(prepared).toMatchObject({ fee: 5000n, rent })
    const [create, transfer] = Transaction.from(prepared.transaction).instructions
    expect(create!.programId.toBase58()).toBe('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
    expect(transfer!.programId.toBase58()).toBe(LOCAL_USD.programId)
    expect([...transfer!.data]).toEqual([12, 0x60, 0xe3, 0x16, 0, 0, 0, 0, 0, 6])
  })

  it('refuses what is not a transfer: “Please enter a valid amount and receiver address”; a mint that is not one says so', async () => {
    const { provider: p } = await provider()
    const receiver = Keypair.generate().publicKey.toBase58()
    for (const bad of [
      { amount: -1n, receiver },
      { amount: 1n, receiver: '0xnot' },
      { amount: 1 as unknown as bigint, receiver },
      { amount: 1n, receiver, mint: 'nope' },
    ]) {
      await expect(p.prepareTransfer(bad)).rejects.toMatchObject({ shortMessage: ErrorText.SOLANA_AMOUNT_AND_RECEIVER_REQUIRED })
    }
    await expect(p.prepareTransfer({ amount: 1n, receiver, mint: receiver })).rejects.toThrow(/is not a token mint on this network/)
  })
})
