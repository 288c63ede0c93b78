import { type Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { PorticoError } from '../../../kernel/index.ts'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, associatedAccountSize, associatedTokenAddress, createAssociatedTokenAccountIdempotent, transferChecked } from './splToken.ts'

/** One transfer from `from`: SOL when `mint` is absent, else that mint's SPL token. Amounts in base units. */
export interface TransferRequest {
  readonly from: string
  readonly to: string
  readonly amount: bigint
  readonly mint?: string
}

/** An unsigned transfer for the wallet, and what it costs beyond the amount. */
export interface PreparedTransfer {
  /** Wire bytes, unsigned, with the latest blockhash; the sender pays the fee. */
  readonly transaction: Uint8Array
  /** The network's fee for it, in lamports, as the node prices it. */
  readonly fee: bigint
  /** Lamports set aside for the receiver's new token account (0 when it has one, and for SOL). */
  readonly rent: bigint
  /** The fee per signature (the transfer has one: the sender's). */
  readonly lamportsPerSignature: bigint
  /** The sender's lamports now. */
  readonly balance: bigint
}

/** The mint's token program (Token or Token-2022) and decimals, read from the chain; anything else is not a token. */
async function mintOf(connection: Connection, mint: PublicKey): Promise<{ program: PublicKey; decimals: number }> {
  const account = await connection.getAccountInfo(mint)
  const owner = account?.owner
  // Both programs keep the decimals at byte 44 of a mint (after its authority and supply).
  if (account && owner && (owner.equals(TOKEN_PROGRAM_ID) || owner.equals(TOKEN_2022_PROGRAM_ID)) && account.data.length >= 82 && account.data[45] === 1) {
    return { program: owner, decimals: account.data[44]! }
  }
  throw new PorticoError(`${mint.toBase58()} is not a token mint on this network`)
}

/**
 * Builds a transfer: a System transfer of lamports, or an SPL TransferChecked between the
 * two associated token accounts, creating the receiver's first (CreateIdempotent) when it
 * has none. The decimals TransferChecked states are the mint's own.
 *
 * @example
 * const { transaction, fee, rent } = await prepareTransfer(connection, { from, to, amount: 1_500_000n, mint })
 */
export async function prepareTransfer(connection: Connection, request: TransferRequest): Promise<PreparedTransfer> {
  const from = new PublicKey(request.from)
  const to = new PublicKey(request.to)
  const [{ blockhash }, balance] = await Promise.all([connection.getLatestBlockhash(), connection.getBalance(from)])
  const transaction = new Transaction({ feePayer: from, recentBlockhash: blockhash })
  let rent = 0n
  if (request.mint === undefined) {
    transaction.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }))
  } else {
    const mint = new PublicKey(request.mint)
    const { program, decimals } = await mintOf(connection, mint)
    const source = associatedTokenAddress(from, mint, program)
    const destination = associatedTokenAddress(to, mint, program)
    if (!(await connection.getAccountInfo(destination))) {
      rent = BigInt(await connection.getMinimumBalanceForRentExemption(associatedAccountSize(program)))
      transaction.add(createAssociatedTokenAccountIdempotent(from, destination, to, mint, program))
    }
    transaction.add(transferChecked(source, mint, destination, from, request.amount, decimals, program))
  }
  const message = transaction.compileMessage()
  const priced = await connection.getFeeForMessage(message)
  if (priced.value === null) throw new PorticoError('getFeeForMessage: the node did not price the transfer')
  const fee = BigInt(priced.value)
  return {
    // A plain Uint8Array, not web3.js's Buffer: it leaves the plugin.
    transaction: new Uint8Array(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })),
    fee,
    rent,
    lamportsPerSignature: fee / BigInt(message.header.numRequiredSignatures),
    balance: BigInt(balance),
  }
}
