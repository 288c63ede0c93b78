import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../../../protocol/base58.ts'
import { Warning } from '../approvalText.ts'
import { TOKEN_PROGRAM, describeSolanaTransaction } from './solanaTransaction.ts'

const payer = Keypair.generate().publicKey
const to = Keypair.generate().publicKey
const blockhash = encodeBase58(new Uint8Array(32).fill(7))
const token = new PublicKey(TOKEN_PROGRAM)

/** SPL Token's TransferChecked (12) and Approve (4), encoded as the token program reads them. */
function tokenInstruction(kind: 12 | 4, amount: bigint, keys: PublicKey[], decimals?: number): TransactionInstruction {
  const data = Buffer.alloc(kind === 12 ? 10 : 9)
  data[0] = kind
  data.writeBigUInt64LE(amount, 1)
  if (decimals !== undefined) data[9] = decimals
  return new TransactionInstruction({ programId: token, keys: keys.map((pubkey, i) => ({ pubkey, isSigner: i === keys.length - 1, isWritable: i === 0 })), data })
}

describe('Solana transactions, decoded without web3.js', () => {
  it('a legacy System transfer shows the amount in SOL, the sender and the receiver', () => {
    const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 1_500_000_000 }))
    expect(describeSolanaTransaction(tx.serialize({ requireAllSignatures: false }))).toEqual({
      rows: [
        { label: 'Fee payer', value: payer.toBase58() },
        {
          label: 'Instruction 1',
          value: 'System: Transfer',
          rows: [
            { label: 'Amount', value: '1.5 SOL' },
            { label: 'From', value: payer.toBase58() },
            { label: 'Receiver', value: to.toBase58() },
          ],
        },
      ],
      warnings: [],
    })
  })

  it('a v0 transaction: a token TransferChecked with decimals, a token Approve (a warning), and another program by its id', () => {
    const source = Keypair.generate().publicKey
    const mint = Keypair.generate().publicKey
    const destination = Keypair.generate().publicKey
    const delegate = Keypair.generate().publicKey
    const memo = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: blockhash,
      instructions: [
        tokenInstruction(12, 2_500_000n, [source, mint, destination, payer], 6),
        tokenInstruction(4, 7n, [source, delegate, payer]),
        new TransactionInstruction({ programId: memo, keys: [], data: Buffer.from('hi') }),
      ],
    }).compileToV0Message()
    const { rows, warnings } = describeSolanaTransaction(new VersionedTransaction(message).serialize())
    expect(rows[1]).toEqual({
      label: 'Instruction 1',
      value: 'Token: Transfer',
      rows: [
        { label: 'Amount', value: '2.5' },
        { label: 'Mint', value: mint.toBase58() },
        { label: 'From', value: source.toBase58() },
        { label: 'Receiver', value: destination.toBase58() },
      ],
    })
    expect(rows[2]!.value).toBe('Token: Approve')
    expect(rows[3]).toEqual({
      label: 'Instruction 3',
      value: memo.toBase58(),
      rows: [
        { label: 'Program', value: memo.toBase58() },
        { label: 'Accounts', value: '' },
        { label: 'Data', value: encodeBase58(new TextEncoder().encode('hi')) },
      ],
    })
    expect(warnings).toEqual([Warning.tokenDelegate(delegate.toBase58())])
  })

  it('a truncated transaction is refused', () => {
    const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 1 }))
    const bytes = tx.serialize({ requireAllSignatures: false })
    expect(() => describeSolanaTransaction(bytes.subarray(0, bytes.length - 5))).toThrow('The transaction ends too early')
  })
})
