import { TOKEN_PROGRAM_ID, createAssociatedTokenAccount, createMint, getAssociatedTokenAddressSync, mintTo } from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, type ParsedInstruction, PublicKey } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_USD, createSolanaDemoToken, fundSolanaDemoAccount } from '../../../demo/peers/solanaTokens.mjs'
import { type PorticoKit, createKernel, createMemoryBackend } from '../../../kernel/index.ts'
import { type SolanaRpc, startSolanaRpc } from '../../../test/peers/solanaRpc.mjs'
import { solanaLocalnet } from '../../../test/peers/solanaNetworks.ts'
import { type SolanaApproveFn, createSolanaTestWallet } from '../../../test/peers/solanaTestWallet.ts'
import { solanaPlugin } from '../../namespaces/solana/index.ts'
import { checkSend } from '../form.ts'
import type { SendToken, SenderContext } from '../sender.ts'
import { createSolanaSender } from './solanaSender.ts'

// The Solana sender on the litesvm shim, signing through the real Solana plugin's provider
// with a Wallet Standard test wallet: SOL, the demo's Token-2022 "Local USD" and a classic
// SPL Token mint; balances read from the cluster after each send.
const NAME = 'Solana Send Wallet'
let rpc: SolanaRpc
let chain: Connection
/** A classic SPL Token mint (2 decimals), beside the demo's Token-2022 LUSD. */
let classic: PublicKey
const classicAuthority = Keypair.generate()
const g = globalThis as unknown as { window?: EventTarget }

beforeAll(async () => {
  g.window = new EventTarget()
  rpc = await startSolanaRpc()
  chain = new Connection(rpc.url, 'confirmed')
  await createSolanaDemoToken(rpc.url, { holders: [] })
  await chain.confirmTransaction(await chain.requestAirdrop(classicAuthority.publicKey, 2 * LAMPORTS_PER_SOL))
  classic = await createMint(chain, classicAuthority, classicAuthority.publicKey, null, 2)
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

const sol = (balance = 0n): SendToken => ({ name: 'Solana', symbol: 'SOL', decimals: 9, balance, price: 0 })
const lusd = (balance = 0n): SendToken => ({ name: 'Local USD', symbol: 'LUSD', address: LOCAL_USD.mint, decimals: 6, balance, price: 1 })
const lamportsOf = async (address: string | PublicKey) => BigInt(await chain.getBalance(new PublicKey(address)))
const tokensOf = async (owner: string, mint: string) => {
  const { value } = await chain.getParsedTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(mint) })
  return value.map((account) => account.account.data.parsed.info.tokenAmount.amount as string)
}
const fresh = () => Keypair.generate().publicKey.toBase58()

/** A funded test wallet connected through the Solana plugin, and the context the send flow gives a sender. */
async function connected({ approve, sol: solAmount = 3, tokens = 0 }: { approve?: SolanaApproveFn; sol?: number; tokens?: number } = {}) {
  const wallet = createSolanaTestWallet({ name: NAME, rpcUrl: rpc.url, approve })
  cleanups.push(wallet.register())
  await fundSolanaDemoAccount(rpc.url, wallet.address, { sol: solAmount, tokens })
  const network = solanaLocalnet(rpc.url)
  const kit = createKernel(
    { projectId: 'test', networks: [network], features: { analytics: false }, plugins: [solanaPlugin()] },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(kit)
  await kit.restored
  await kit.plugins.load('solana')
  await kit.connect({ connectorId: NAME, namespace: 'solana' })
  const context: SenderContext = { request: (r) => kit.request(r), from: wallet.address, network, provider: () => kit.getProvider('solana') }
  return { wallet, context }
}

describe('the Solana sender on the local cluster', () => {
  const sender = createSolanaSender()

  it('SOL: the quote is the 5000-lamport fee and the balance; 1.5 SOL lands: receiver +1.5 exactly, sender −1.5 − 5000 lamports', async () => {
    const { wallet, context } = await connected()
    const to = fresh()
    const quote = await sender.quote({ token: sol(), receiver: to }, context)
    expect(quote).toEqual({ gasPrice: 5000n, fee: 5000n, nativeBalance: 3n * BigInt(LAMPORTS_PER_SOL) })
    expect(sender.formatGasPrice(quote.gasPrice)).toBe('5000 lamports per signature')
    const signature = await sender.send({ token: sol(), receiver: to, amount: 1_500_000_000n }, context)
    expect((await chain.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await lamportsOf(to)).toBe(1_500_000_000n)
    expect(await lamportsOf(wallet.address)).toBe(3n * BigInt(LAMPORTS_PER_SOL) - 1_500_000_000n - 5000n)
    expect(wallet.calls.map((c) => c.feature)).toContain('solana:signAndSendTransaction')
  })

  it('LUSD (Token-2022) to a fresh address: the quote adds the new account’s rent; 1.5 LUSD lands in an account created for the receiver', async () => {
    const { wallet, context } = await connected({ tokens: 10 })
    const to = fresh()
    const rent = BigInt(await chain.getMinimumBalanceForRentExemption(170))
    expect(await sender.quote({ token: lusd(10_000_000n), receiver: to }, context)).toMatchObject({ gasPrice: 5000n, fee: 5000n + rent })
    // Without a receiver the sender stands in: it has its account, so no rent.
    expect((await sender.quote({ token: lusd(10_000_000n) }, context)).fee).toBe(5000n)
    const solBefore = await lamportsOf(wallet.address)
    const signature = await sender.send({ token: lusd(10_000_000n), receiver: to, amount: 1_500_000n }, context)
    expect(await tokensOf(to, LOCAL_USD.mint)).toEqual(['1500000'])
    expect(await tokensOf(wallet.address, LOCAL_USD.mint)).toEqual(['8500000'])
    expect(await lamportsOf(wallet.address)).toBe(solBefore - 5000n - rent)
    const created = await chain.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect((created!.transaction.message.instructions as ParsedInstruction[]).map((ix) => ix.parsed?.type)).toEqual(['createIdempotent', 'transferChecked'])

    // The receiver has its account now: a second send only transfers, and costs the fee alone.
    expect((await sender.quote({ token: lusd(8_500_000n), receiver: to }, context)).fee).toBe(5000n)
    const again = await sender.send({ token: lusd(8_500_000n), receiver: to, amount: 250_000n }, context)
    const second = await chain.getParsedTransaction(again, { maxSupportedTransactionVersion: 0 })
    expect((second!.transaction.message.instructions as ParsedInstruction[]).map((ix) => ix.parsed?.type)).toEqual(['transferChecked'])
    expect(await tokensOf(to, LOCAL_USD.mint)).toEqual(['1750000'])
  })

  it('a classic SPL Token mint: 2.25 lands in the receiver’s new account (165 bytes of rent)', async () => {
    const { wallet, context } = await connected()
    const source = await createAssociatedTokenAccount(chain, classicAuthority, classic, new PublicKey(wallet.address))
    await mintTo(chain, classicAuthority, classic, source, classicAuthority, 1000n)
    const token: SendToken = { name: 'Classic', symbol: 'CLS', address: classic.toBase58(), decimals: 2, balance: 1000n, price: 0 }
    const to = fresh()
    const rent = BigInt(await chain.getMinimumBalanceForRentExemption(165))
    expect((await sender.quote({ token, receiver: to }, context)).fee).toBe(5000n + rent)
    await sender.send({ token, receiver: to, amount: 225n }, context)
    const account = getAssociatedTokenAddressSync(classic, new PublicKey(to), false, TOKEN_PROGRAM_ID)
    expect((await chain.getTokenAccountBalance(account)).value.uiAmountString).toBe('2.25')
  })

  it('refusals reject the send (the form then shows “Failed to send transaction. Please try again.”): the wallet says no, more than held, a mint that is not a token', async () => {
    expect(sender.failureText).toBe('Failed to send transaction. Please try again.')
    const refusing = await connected({ approve: (feature) => feature !== 'solana:signAndSendTransaction', tokens: 1 })
    const to = fresh()
    await expect(sender.send({ token: sol(), receiver: to, amount: 1000n }, refusing.context)).rejects.toThrow(/rejected/)
    cleanups.splice(0).forEach((stop) => stop())
    kits.splice(0).forEach((kit) => kit.destroy())

    const { context } = await connected({ tokens: 1 })
    await expect(sender.send({ token: lusd(1_000_000n), receiver: to, amount: 2_000_000n }, context)).rejects.toThrow()
    await expect(sender.send({ token: { ...lusd(), address: to }, receiver: fresh(), amount: 1n }, context)).rejects.toThrow(/not a token mint/)
    expect(await tokensOf(to, LOCAL_USD.mint)).toEqual([])
    expect(await lamportsOf(to)).toBe(0n)
  })

  it('receivers: base58 public keys only; without a valid amount and receiver the form says “Please enter a valid amount and receiver address”', () => {
    expect(sender.isValidReceiver(LOCAL_USD.mint)).toBe(true)
    expect(sender.isValidReceiver('11111111111111111111111111111111')).toBe(true)
    expect(sender.isValidReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    // 44 base58 characters that decode to more than 32 bytes pass the address pattern but are no key.
    expect(sender.isValidReceiver('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false)
    const form = (amount: string, receiver: string) =>
      checkSend({ token: sol(5n * BigInt(LAMPORTS_PER_SOL)), amount, receiver, sender, nativeBalance: 5n * BigInt(LAMPORTS_PER_SOL), fee: 5000n, smartAccount: false })
    for (const [amount, receiver] of [
      ['', fresh()],
      ['1', ''],
      ['0', fresh()],
      ['1', 'not an address'],
      ['abc', fresh()],
    ] as const) {
      expect(form(amount, receiver)).toEqual({ ok: false, message: 'Please enter a valid amount and receiver address' })
    }
    expect(form('1.5', LOCAL_USD.mint)).toMatchObject({ ok: true, request: { amount: 1_500_000_000n, receiver: LOCAL_USD.mint } })
  })
})
