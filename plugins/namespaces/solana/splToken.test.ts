import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import { Keypair, type TransactionInstruction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { associatedTokenAddress, createAssociatedTokenAccountIdempotent, transferChecked } from './splToken.ts'

// The hand-written SPL instructions, byte for byte against @solana/spl-token's builders
// (the library the send chunk does without), for both token programs.
const plain = (ix: TransactionInstruction) => ({
  programId: ix.programId.toBase58(),
  keys: ix.keys.map((key) => [key.pubkey.toBase58(), key.isSigner, key.isWritable]),
  data: [...ix.data],
})

describe.each([
  ['Token', TOKEN_PROGRAM_ID],
  ['Token-2022', TOKEN_2022_PROGRAM_ID],
])('SPL instructions under %s', (_, program) => {
  const owner = Keypair.generate().publicKey
  const receiver = Keypair.generate().publicKey
  const mint = Keypair.generate().publicKey

  it('the associated token address is spl-token’s', () => {
    expect(associatedTokenAddress(receiver, mint, program).toBase58()).toBe(getAssociatedTokenAddressSync(mint, receiver, false, program).toBase58())
  })

  it('createIdempotent and transferChecked (u64 amount little-endian, then decimals) are spl-token’s', () => {
    const account = associatedTokenAddress(receiver, mint, program)
    expect(plain(createAssociatedTokenAccountIdempotent(owner, account, receiver, mint, program))).toEqual(
      plain(createAssociatedTokenAccountIdempotentInstruction(owner, account, receiver, mint, program)),
    )
    const source = associatedTokenAddress(owner, mint, program)
    for (const amount of [1n, 1_500_000n, 2n ** 64n - 1n]) {
      expect(plain(transferChecked(source, mint, account, owner, amount, 6, program))).toEqual(
        plain(createTransferCheckedInstruction(source, mint, account, owner, amount, 6, [], program)),
      )
    }
  })
})
