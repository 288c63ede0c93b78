import { type Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { PorticoError } from '../../../kernel/index.ts'
import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  associatedAccountSize,
  associatedTokenAddress,
  createAssociatedTokenAccountIdempotent,
  transferChecked,
} from './splToken.ts'

/** What one transfer is: SOL when `mint` is absent, else an SPL token of that mint. */
export interface SolanaTransfer {
  readonly from: string
  readonly to: string
  readonly amount: bigint
  readonly mint?: string
  readonly decimals: number
}

/** A transfer ready for the wallet, and the SOL it needs beyond the amount. */
export interface BuiltTransfer {
  readonly transaction: Transaction
  /** Lamports set aside for the receiver's new token account (0 when it has one). */
  readonly rent: bigint
}

/** The token program owning `mint`: Token or Token-2022; anything else is not a token this can send. */
async function tokenProgramOf(connection: Connection, mint: PublicKey): Promise<PublicKey> {
  const account = await connection.getAccountInfo(mint)
  const owner = account?.owner
  if (owner && (owner.equals(TOKEN_PROGRAM_ID) || owner.equals(TOKEN_2022_PROGRAM_ID))) return owner
  throw new PorticoError(`${mint.toBase58()} is not a token mint on this network`)
}

/**
 * An unsigned transfer with the latest blockhash, the sender paying the fee: a System
 * transfer of lamports, or an SPL TransferChecked between the two associated token
 * accounts, creating the receiver's first when it has none (the sender pays its rent).
 *
 * @example
 * const { transaction } = await buildTransfer(connection, { from, to, amount: 1_500_000n, mint, decimals: 6 })
 */
export async function buildTransfer(connection: Connection, transfer: SolanaTransfer): Promise<BuiltTransfer> {
  const from = new PublicKey(transfer.from)
  const to = new PublicKey(transfer.to)
  const { blockhash } = await connection.getLatestBlockhash()
  const transaction = new Transaction({ feePayer: from, recentBlockhash: blockhash })
  if (transfer.mint === undefined) {
    transaction.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: transfer.amount }))
    return { transaction, rent: 0n }
  }
  const mint = new PublicKey(transfer.mint)
  const program = await tokenProgramOf(connection, mint)
  const source = associatedTokenAddress(from, mint, program)
  const destination = associatedTokenAddress(to, mint, program)
  let rent = 0n
  if (!(await connection.getAccountInfo(destination))) {
    rent = BigInt(await connection.getMinimumBalanceForRentExemption(associatedAccountSize(program)))
    transaction.add(createAssociatedTokenAccountIdempotent(from, destination, to, mint, program))
  }
  transaction.add(transferChecked(source, mint, destination, from, transfer.amount, transfer.decimals, program))
  return { transaction, rent }
}

/** The network's fee for the transaction (lamports), as the node computes it. */
export async function feeOf(connection: Connection, transaction: Transaction): Promise<bigint> {
  const fee = await connection.getFeeForMessage(transaction.compileMessage())
  if (fee.value === null) throw new PorticoError('getFeeForMessage: the node did not price the transfer')
  return BigInt(fee.value)
}
