// The Solana shim's SPL token, history and block methods, read through @solana/web3.js's
// Connection (whose response schemas check the shapes) and @solana/spl-token, as an SPL
// send and an indexer use them: token accounts and balances (Token and Token-2022 with
// its metadata), getSignaturesForAddress paging, getTransaction in json and jsonParsed
// with balances and token balances, getBlocks and getBlock chained by hash.
import {
  AccountLayout,
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccount,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMintInstruction,
  createMint,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  getMinimumBalanceForRentExemptAccount,
  getMintLen,
  getTokenMetadata,
  mintTo,
  tokenMetadataInitializeWithRentTransfer,
  transferChecked,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  type ParsedInstruction,
  type PublicKey,
  type TokenBalance,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../peers/solanaRpc.mjs'

let rpc: SolanaRpc
let connection: Connection
const alice = Keypair.generate()
const bob = Keypair.generate()
let mint: PublicKey
let aliceAta: PublicKey
let bobAta: PublicKey
/** The 1.5-token transferChecked from Alice to Bob. */
let transferSignature: string

beforeAll(async () => {
  rpc = await startSolanaRpc()
  connection = new Connection(rpc.url, 'confirmed')
  await connection.confirmTransaction(await connection.requestAirdrop(alice.publicKey, 2 * LAMPORTS_PER_SOL))
  mint = await createMint(connection, alice, alice.publicKey, null, 6)
  aliceAta = await createAssociatedTokenAccount(connection, alice, mint, alice.publicKey)
  bobAta = await createAssociatedTokenAccount(connection, alice, mint, bob.publicKey)
  await mintTo(connection, alice, mint, aliceAta, alice, 10_000_000n)
  transferSignature = await transferChecked(connection, alice, aliceAta, mint, bobAta, alice, 1_500_000n, 6)
})
afterAll(() => rpc?.stop())

describe('SPL token accounts', () => {
  it('getTokenAccountBalance, getTokenSupply and the parsed mint: 6 decimals, 8.5 / 1.5 of 10', async () => {
    expect((await connection.getTokenAccountBalance(aliceAta)).value).toEqual({ amount: '8500000', decimals: 6, uiAmount: 8.5, uiAmountString: '8.5' })
    expect((await connection.getTokenAccountBalance(bobAta)).value.uiAmountString).toBe('1.5')
    expect((await connection.getTokenSupply(mint)).value).toEqual({ amount: '10000000', decimals: 6, uiAmount: 10, uiAmountString: '10' })
    const parsed = (await connection.getParsedAccountInfo(mint)).value!.data
    expect(parsed).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, supply: '10000000', mintAuthority: alice.publicKey.toBase58(), freezeAuthority: null } },
    })
    await expect(connection.getTokenAccountBalance(mint)).rejects.toThrow(/not a Token account/)
  })

  it('getParsedTokenAccountsByOwner by mint and getTokenAccountsByOwner by program (base64, unpacked by spl-token)', async () => {
    const parsed = await connection.getParsedTokenAccountsByOwner(bob.publicKey, { mint })
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]!.pubkey.equals(bobAta)).toBe(true)
    expect(parsed.value[0]!.account.data.parsed).toEqual({
      type: 'account',
      info: {
        isNative: false,
        mint: mint.toBase58(),
        owner: bob.publicKey.toBase58(),
        state: 'initialized',
        tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
      },
    })
    const raw = await connection.getTokenAccountsByOwner(alice.publicKey, { programId: TOKEN_PROGRAM_ID })
    expect(raw.value).toHaveLength(1)
    const decoded = AccountLayout.decode(raw.value[0]!.account.data)
    expect([decoded.mint.toBase58(), decoded.owner.toBase58(), decoded.amount]).toEqual([mint.toBase58(), alice.publicKey.toBase58(), 8_500_000n])
    expect((await connection.getParsedTokenAccountsByOwner(Keypair.generate().publicKey, { mint })).value).toEqual([])
  })

  it('getMinimumBalanceForRentExemption(165) is what the token account holds', async () => {
    const rent = await getMinimumBalanceForRentExemptAccount(connection)
    expect(rent).toBe(2_039_280)
    expect(await connection.getBalance(bobAta)).toBe(rent)
  })
})

describe('getTransaction', () => {
  it('jsonParsed: transferChecked parsed, fee 5000 from the payer, token balances before and after', async () => {
    const tx = (await connection.getParsedTransaction(transferSignature, { maxSupportedTransactionVersion: 0 }))!
    expect(tx.version).toBe('legacy')
    expect(tx.blockTime).toBeGreaterThan(Date.now() / 1000 - 600)
    const [ix] = tx.transaction.message.instructions as ParsedInstruction[]
    expect(ix).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'transferChecked',
        info: {
          source: aliceAta.toBase58(),
          destination: bobAta.toBase58(),
          mint: mint.toBase58(),
          authority: alice.publicKey.toBase58(),
          tokenAmount: { amount: '1500000', uiAmountString: '1.5' },
        },
      },
    })
    const meta = tx.meta!
    expect(meta.fee).toBe(5000)
    expect(meta.preBalances[0]! - meta.postBalances[0]!).toBe(5000)
    const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58())
    expect(tx.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true })
    const amounts = (list: typeof meta.preTokenBalances) => Object.fromEntries(list!.map((b) => [b.owner, [keys[b.accountIndex], b.mint, b.uiTokenAmount.amount]]))
    expect(amounts(meta.preTokenBalances)).toEqual({
      [alice.publicKey.toBase58()]: [aliceAta.toBase58(), mint.toBase58(), '10000000'],
      [bob.publicKey.toBase58()]: [bobAta.toBase58(), mint.toBase58(), '0'],
    })
    expect(amounts(meta.postTokenBalances)).toEqual({
      [alice.publicKey.toBase58()]: [aliceAta.toBase58(), mint.toBase58(), '8500000'],
      [bob.publicKey.toBase58()]: [bobAta.toBase58(), mint.toBase58(), '1500000'],
    })
  })

  it('json: a SOL transfer, its lamports in pre/post balances; the airdrop that funded Alice is a System transfer too', async () => {
    const carol = Keypair.generate().publicKey
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol, lamports: 0.25 * LAMPORTS_PER_SOL })),
      [alice],
    )
    const tx = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!
    const keys = tx.transaction.message.staticAccountKeys.map((k) => k.toBase58())
    expect(keys.slice(0, 2)).toEqual([alice.publicKey.toBase58(), carol.toBase58()])
    expect(tx.meta!.preBalances[1]).toBe(0)
    expect(tx.meta!.postBalances[1]).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(tx.meta!.preBalances[0]! - tx.meta!.postBalances[0]!).toBe(0.25 * LAMPORTS_PER_SOL + 5000)
    expect(tx.meta!.err).toBeNull()

    const history = await connection.getSignaturesForAddress(alice.publicKey)
    const airdrop = (await connection.getParsedTransaction(history.at(-1)!.signature, { maxSupportedTransactionVersion: 0 }))!
    expect(airdrop.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: { type: 'transfer', info: { destination: alice.publicKey.toBase58(), lamports: 2 * LAMPORTS_PER_SOL } },
    })
  })

  it('creating the receiver’s associated account in the transfer: createIdempotent parsed, its inner instructions, a token balance only after', async () => {
    const dave = Keypair.generate().publicKey
    const daveAta = getAssociatedTokenAddressSync(mint, dave)
    const transaction = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(alice.publicKey, daveAta, dave, mint),
      createTransferCheckedInstruction(aliceAta, mint, daveAta, alice.publicKey, 2_000_000n, 6),
    )
    const signature = await sendAndConfirmTransaction(connection, transaction, [alice])
    const tx = (await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 }))!
    const [create, transfer] = tx.transaction.message.instructions as ParsedInstruction[]
    expect(create).toMatchObject({
      program: 'spl-associated-token-account',
      parsed: { type: 'createIdempotent', info: { account: daveAta.toBase58(), wallet: dave.toBase58(), mint: mint.toBase58() } },
    })
    expect(transfer!.parsed.type).toBe('transferChecked')
    expect(tx.meta!.innerInstructions![0]!.index).toBe(0)
    expect(tx.meta!.innerInstructions![0]!.instructions.length).toBeGreaterThan(0)
    const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58())
    const owners = (list: TokenBalance[] | null | undefined) => list!.map((b) => [b.owner, keys[b.accountIndex]])
    expect(owners(tx.meta!.preTokenBalances)).not.toContainEqual([dave.toBase58(), daveAta.toBase58()])
    expect(owners(tx.meta!.postTokenBalances)).toContainEqual([dave.toBase58(), daveAta.toBase58()])
    expect((await connection.getTokenAccountBalance(daveAta)).value.uiAmountString).toBe('2')
  })

  it('a v0 transaction needs maxSupportedTransactionVersion (the node’s -32015); with it, version 0', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: LAMPORTS_PER_SOL / 100 })],
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([alice])
    const signature = await connection.sendTransaction(tx)
    await connection.confirmTransaction(signature)
    await expect(connection.getTransaction(signature)).rejects.toThrow(/-32015|maxSupportedTransactionVersion/)
    expect((await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.version).toBe(0)
    expect(await connection.getFeeForMessage(message)).toMatchObject({ value: 5000 })
  })

  it('an unknown signature is null', async () => {
    expect(await connection.getTransaction('1'.repeat(64), { maxSupportedTransactionVersion: 0 })).toBeNull()
  })

  it('a failing transfer: refused by preflight with the node’s text; sent with skipPreflight it lands failed, fee paid, {"InstructionError":[0,{"Custom":1}]}', async () => {
    const tooMuch = () => new Transaction().add(createTransferCheckedInstruction(aliceAta, mint, bobAta, alice.publicKey, 1_000_000_000n, 6))
    await expect(sendAndConfirmTransaction(connection, tooMuch(), [alice])).rejects.toThrow(/custom program error: 0x1/)
    const before = await connection.getBalance(alice.publicKey)
    const tx = tooMuch()
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    tx.feePayer = alice.publicKey
    tx.sign(alice)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    expect((await connection.getSignatureStatuses([signature])).value[0]!.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 5000)
    const [latest] = await connection.getSignaturesForAddress(aliceAta, { limit: 1 })
    expect(latest).toMatchObject({ signature, err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'finalized', memo: null })
    expect((await connection.getTokenAccountBalance(aliceAta)).value.amount).toBe('6500000')
  })
})

describe('getSignaturesForAddress', () => {
  it('newest first, one slot each; limit, before and until page through each signature exactly once', async () => {
    const all = await connection.getSignaturesForAddress(mint)
    // createMint, two associated accounts, mintTo, the transfer, Dave's create + transfer, the failed transfer.
    expect(all.length).toBe(7)
    expect(all.map((s) => s.slot)).toEqual([...all.map((s) => s.slot)].sort((a, b) => b - a))
    expect(new Set(all.map((s) => s.slot)).size).toBe(all.length)
    expect(all).toContainEqual(expect.objectContaining({ signature: transferSignature, err: null }))

    const paged: string[] = []
    let before: string | undefined
    for (;;) {
      const page = await connection.getSignaturesForAddress(mint, { limit: 3, ...(before ? { before } : {}) })
      if (page.length === 0) break
      expect(page.length).toBeLessThanOrEqual(3)
      paged.push(...page.map((s) => s.signature))
      before = page.at(-1)!.signature
    }
    expect(paged).toEqual(all.map((s) => s.signature))
    const untilTransfer = await connection.getSignaturesForAddress(mint, { until: transferSignature })
    expect(untilTransfer.map((s) => s.signature)).toEqual(
      all
        .slice(
          0,
          all.findIndex((s) => s.signature === transferSignature),
        )
        .map((s) => s.signature),
    )
    await expect(connection.getSignaturesForAddress(mint, { limit: 1001 })).rejects.toThrow(/limit/)
    expect(await connection.getSignaturesForAddress(Keypair.generate().publicKey)).toEqual([])
  })
})

describe('Token-2022 with metadata (the demo token’s kind)', () => {
  it('the mint’s parsed info lists its metadata pointer and metadata; accounts and transfers parse as spl-token-2022', async () => {
    const mintKey = Keypair.generate()
    const space = getMintLen([ExtensionType.MetadataPointer])
    const program = TOKEN_2022_PROGRAM_ID
    const create = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: alice.publicKey,
        newAccountPubkey: mintKey.publicKey,
        space,
        lamports: await connection.getMinimumBalanceForRentExemption(space),
        programId: program,
      }),
      createInitializeMetadataPointerInstruction(mintKey.publicKey, alice.publicKey, mintKey.publicKey, program),
      createInitializeMintInstruction(mintKey.publicKey, 6, alice.publicKey, null, program),
    )
    await sendAndConfirmTransaction(connection, create, [alice, mintKey])
    await tokenMetadataInitializeWithRentTransfer(connection, alice, mintKey.publicKey, alice.publicKey, alice, 'Local USD', 'LUSD', '', [], {}, program)
    expect(await getTokenMetadata(connection, mintKey.publicKey, 'confirmed', program)).toMatchObject({ name: 'Local USD', symbol: 'LUSD' })
    const info = (await connection.getParsedAccountInfo(mintKey.publicKey)).value!.data
    expect(info).toMatchObject({
      program: 'spl-token-2022',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          extensions: [
            { extension: 'metadataPointer', state: { authority: alice.publicKey.toBase58(), metadataAddress: mintKey.publicKey.toBase58() } },
            { extension: 'tokenMetadata', state: { name: 'Local USD', symbol: 'LUSD', uri: '', mint: mintKey.publicKey.toBase58(), additionalMetadata: [] } },
          ],
        },
      },
    })

    const from = await createAssociatedTokenAccount(connection, alice, mintKey.publicKey, alice.publicKey, {}, program)
    await mintTo(connection, alice, mintKey.publicKey, from, alice, 3_000_000n, [], {}, program)
    const to = getAssociatedTokenAddressSync(mintKey.publicKey, bob.publicKey, false, program)
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(alice.publicKey, to, bob.publicKey, mintKey.publicKey, program),
        createTransferCheckedInstruction(from, mintKey.publicKey, to, alice.publicKey, 1_250_000n, 6, [], program),
      ),
      [alice],
    )
    const [account] = (await connection.getParsedTokenAccountsByOwner(bob.publicKey, { mint: mintKey.publicKey })).value
    expect(account!.account.data.parsed.info).toMatchObject({ tokenAmount: { uiAmountString: '1.25' }, extensions: [{ extension: 'immutableOwner' }] })
    const tx = (await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 }))!
    expect(tx.transaction.message.instructions[1]).toMatchObject({ program: 'spl-token-2022', parsed: { type: 'transferChecked', info: { tokenAmount: { amount: '1250000' } } } })
    expect(tx.meta!.postTokenBalances!.map((b) => [b.owner, b.programId, b.uiTokenAmount.amount])).toEqual(
      expect.arrayContaining([
        [bob.publicKey.toBase58(), program.toBase58(), '1250000'],
        [alice.publicKey.toBase58(), program.toBase58(), '1750000'],
      ]),
    )
  })
})

describe('blocks', () => {
  it('one block per landed transaction, in a slot after the one getSlot gave; getBlock chains each to the previous by hash', async () => {
    const seen = await connection.getSlot()
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1000 })),
      [alice],
    )
    const landedAt = (await connection.getSignatureStatuses([signature])).value[0]!.slot
    expect(landedAt).toBeGreaterThan(seen)
    expect(await connection.getSlot()).toBe(landedAt)

    const first = await connection.getFirstAvailableBlock()
    const slots = await connection.getBlocks(first, landedAt)
    expect(slots.at(-1)).toBe(landedAt)
    // Alice paid for (or received) every transaction of this file: her signatures are all the blocks.
    expect(slots).toEqual((await connection.getSignaturesForAddress(alice.publicKey)).map((s) => s.slot).reverse())
    const block = (await connection.getParsedBlock(landedAt, { maxSupportedTransactionVersion: 0 }))!
    expect(block.transactions.map((t) => t.transaction.signatures[0])).toEqual([signature])
    const previous = (await connection.getBlock(slots.at(-2)!, { maxSupportedTransactionVersion: 0 }))!
    expect(block.parentSlot).toBe(slots.at(-2))
    expect(block.previousBlockhash).toBe(previous.blockhash)
    expect(block.blockhash).not.toBe(previous.blockhash)
    const firstBlock = (await connection.getBlock(first, { maxSupportedTransactionVersion: 0, transactionDetails: 'none' }))!
    expect(firstBlock.previousBlockhash).toBe(await connection.getGenesisHash())
    await expect(connection.getBlock(landedAt + 5, { maxSupportedTransactionVersion: 0 })).rejects.toThrow(/not available/)
  })

  it('every shim is a cluster of its own: another one’s genesis hash and blockhashes differ (an index kept from an earlier run sees a new chain)', async () => {
    const other = await startSolanaRpc()
    try {
      const second = new Connection(other.url, 'confirmed')
      expect(await second.getGenesisHash()).not.toBe(await connection.getGenesisHash())
      expect((await second.getLatestBlockhash()).blockhash).not.toBe((await connection.getLatestBlockhash()).blockhash)
    } finally {
      await other.stop()
    }
  })
})

describe('blockhashes', () => {
  const payTo = (to: PublicKey, blockhash: string, lamports = 5000) => {
    const tx = new Transaction({ feePayer: alice.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: to, lamports }))
    tx.sign(alice)
    return tx.serialize()
  }

  it('each block brings a new one: the same transfer built again lands again; the same bytes resent do not', async () => {
    const to = Keypair.generate().publicKey
    await connection.requestAirdrop(to, LAMPORTS_PER_SOL)
    const first = await connection.getLatestBlockhash()
    const a = await connection.sendRawTransaction(payTo(to, first.blockhash))
    const second = await connection.getLatestBlockhash()
    expect(second.blockhash).not.toBe(first.blockhash)
    expect(second.lastValidBlockHeight).toBe((await connection.getSlot()) + 150)
    const b = await connection.sendRawTransaction(payTo(to, second.blockhash))
    expect(b).not.toBe(a)
    await expect(connection.sendRawTransaction(payTo(to, second.blockhash))).rejects.toThrow(/simulation failed/i)
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL + 10_000)
  })

  it('a blockhash is good for 150 blocks after its own, then BlockhashNotFound (preflight -32002; skipPreflight: not landed)', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    // 150 more blocks: airdrops to an account the transfers then pay into.
    const to = Keypair.generate().publicKey
    for (let i = 0; i < 150; i++) await connection.requestAirdrop(to, LAMPORTS_PER_SOL)
    const inTime = await connection.sendRawTransaction(payTo(to, blockhash))
    expect((await connection.getSignatureStatuses([inTime])).value[0]!.err).toBeNull()
    const before = await connection.getSignaturesForAddress(to, { limit: 1 })
    await expect(connection.sendRawTransaction(payTo(to, blockhash, 6000))).rejects.toThrow(/Blockhash not found/)
    const skipped = await connection.sendRawTransaction(payTo(to, blockhash, 7000), { skipPreflight: true })
    expect((await connection.getSignatureStatuses([skipped])).value[0]!.err).toBe('BlockhashNotFound')
    expect(await connection.getSignaturesForAddress(to, { limit: 1 })).toEqual(before)
    expect(await connection.getBalance(to)).toBe(150 * LAMPORTS_PER_SOL + 5000)
    await expect(connection.sendRawTransaction(payTo(to, '11111111111111111111111111111111'))).rejects.toThrow(/Blockhash not found/)
  })
})
