import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'

/**
 * The two SPL instructions a token transfer needs (transfers.ts), written out over web3.js
 * instead of taking @solana/spl-token: that library would add about 10 kB gzip to this lazy
 * chunk for two fixed byte layouts. Both token programs share these layouts;
 * splToken.test.ts checks the bytes against @solana/spl-token's own builders.
 */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

/** The token account size the associated account program gives a plain mint's holder: 165 bytes, and Token-2022 adds its immutable-owner extension (170). */
export const associatedAccountSize = (tokenProgram: PublicKey) => (tokenProgram.equals(TOKEN_2022_PROGRAM_ID) ? 170 : 165)

/** SPL Token's TransferChecked discriminator; the associated account program's CreateIdempotent. */
const TRANSFER_CHECKED = 12
const CREATE_IDEMPOTENT = 1

/**
 * Instruction data as the Buffer web3.js itself uses: its browser build carries its own
 * copy, which a PublicKey hands back; no second copy and no dependency of ours.
 */
const toBuffer = (bytes: Uint8Array): Buffer => (PublicKey.default.toBuffer().constructor as typeof Buffer).from(bytes)

/** The owner's associated token account for `mint` under `tokenProgram`. */
export function associatedTokenAddress(owner: PublicKey, mint: PublicKey, tokenProgram: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync([owner.toBytes(), tokenProgram.toBytes(), mint.toBytes()], ASSOCIATED_TOKEN_PROGRAM_ID)[0]
}

/** Creates `owner`'s associated account for `mint`, paid by `payer`; does nothing if it exists already. */
export function createAssociatedTokenAccountIdempotent(payer: PublicKey, account: PublicKey, owner: PublicKey, mint: PublicKey, tokenProgram: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    data: toBuffer(Uint8Array.of(CREATE_IDEMPOTENT)),
  })
}

/** Moves `amount` base units; the program checks `mint` and `decimals` against the accounts, so a wrong token cannot move. */
export function transferChecked(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
  tokenProgram: PublicKey,
): TransactionInstruction {
  const data = new Uint8Array(10)
  const view = new DataView(data.buffer)
  view.setUint8(0, TRANSFER_CHECKED)
  view.setBigUint64(1, amount, true)
  view.setUint8(9, decimals)
  return new TransactionInstruction({
    programId: tokenProgram,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: toBuffer(data),
  })
}
