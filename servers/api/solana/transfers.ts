import * as v from 'valibot'
import type { SourceTransfer } from '../indexer/source.ts'

/**
 * A block as getBlock answers it with `encoding: 'jsonParsed'` and full transactions, kept
 * to what the indexer reads; the transfers in it. SOL moves by top-level System transfers
 * (what a wallet sends; the lamports programs move inside, such as a new account's rent,
 * are not transfers between people, like EVM internal transactions here). SPL tokens move
 * by transfer and transferChecked, top-level or inside another program, and are minted
 * and burnt (from and to the all-zero key, as EVM mints come from the zero address).
 * From and to are the token accounts' owners, read from the transaction's token balances.
 * A failed transaction moved nothing.
 */

/** The all-zero public key: the "from" of a mint and the "to" of a burn. */
export const ZERO_KEY = '11111111111111111111111111111111'

const Instruction = v.object({ programId: v.string(), program: v.optional(v.string()), parsed: v.optional(v.unknown()) })
const TokenBalance = v.object({ accountIndex: v.number(), mint: v.string(), owner: v.optional(v.string()) })

export const BlockSchema = v.object({
  blockhash: v.string(),
  previousBlockhash: v.string(),
  blockTime: v.nullable(v.number()),
  transactions: v.array(
    v.object({
      meta: v.nullable(
        v.object({
          err: v.unknown(),
          preTokenBalances: v.optional(v.nullable(v.array(TokenBalance)), null),
          postTokenBalances: v.optional(v.nullable(v.array(TokenBalance)), null),
          innerInstructions: v.optional(v.nullable(v.array(v.object({ index: v.number(), instructions: v.array(Instruction) }))), null),
        }),
      ),
      transaction: v.object({
        signatures: v.pipe(v.array(v.string()), v.minLength(1)),
        message: v.object({ accountKeys: v.array(v.object({ pubkey: v.string() })), instructions: v.array(Instruction) }),
      }),
    }),
  ),
})
export type SolanaBlock = v.InferOutput<typeof BlockSchema>
type BlockTransaction = SolanaBlock['transactions'][number]

const Amount = v.pipe(v.string(), v.regex(/^\d+$/))
const Key = v.string()
const Checked = v.object({ amount: Amount })
/** The parsed instructions that move value, by program family. */
const SystemTransfer = v.object({ type: v.literal('transfer'), info: v.object({ source: Key, destination: Key, lamports: v.pipe(v.number(), v.integer(), v.minValue(0)) }) })
const TokenMove = v.variant('type', [
  v.object({ type: v.literal('transfer'), info: v.object({ source: Key, destination: Key, amount: Amount }) }),
  v.object({ type: v.literal('transferChecked'), info: v.object({ source: Key, destination: Key, mint: Key, tokenAmount: Checked }) }),
  v.object({ type: v.literal('mintTo'), info: v.object({ account: Key, mint: Key, amount: Amount }) }),
  v.object({ type: v.literal('mintToChecked'), info: v.object({ account: Key, mint: Key, tokenAmount: Checked }) }),
  v.object({ type: v.literal('burn'), info: v.object({ account: Key, mint: Key, amount: Amount }) }),
  v.object({ type: v.literal('burnChecked'), info: v.object({ account: Key, mint: Key, tokenAmount: Checked }) }),
])
const TOKEN_PROGRAMS = new Set(['spl-token', 'spl-token-2022'])

interface Move {
  readonly kind: 'native' | 'spl'
  readonly token: string
  readonly from: string
  readonly to: string
  readonly amount: bigint
}

/** A token account's owner and mint, from the transaction's token balances (before for closed accounts, after for new ones). */
function tokenAccounts(tx: BlockTransaction): Map<string, { owner?: string; mint: string }> {
  const keys = tx.transaction.message.accountKeys
  const accounts = new Map<string, { owner?: string; mint: string }>()
  for (const balance of [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]) {
    const key = keys[balance.accountIndex]?.pubkey
    if (key) accounts.set(key, { mint: balance.mint, ...(balance.owner ? { owner: balance.owner } : {}) })
  }
  return accounts
}

function moveOf(instruction: v.InferOutput<typeof Instruction>, topLevel: boolean, accounts: ReturnType<typeof tokenAccounts>): Move | undefined {
  if (instruction.program === 'system') {
    const transfer = v.safeParse(SystemTransfer, instruction.parsed)
    if (!topLevel || !transfer.success) return undefined
    const { source, destination, lamports } = transfer.output.info
    return { kind: 'native', token: '', from: source, to: destination, amount: BigInt(lamports) }
  }
  if (!instruction.program || !TOKEN_PROGRAMS.has(instruction.program)) return undefined
  const parsed = v.safeParse(TokenMove, instruction.parsed)
  if (!parsed.success) return undefined
  const move = parsed.output
  const ownerOf = (account: string) => accounts.get(account)?.owner ?? account
  switch (move.type) {
    case 'transfer':
    case 'transferChecked': {
      const mint = move.type === 'transferChecked' ? move.info.mint : (accounts.get(move.info.source)?.mint ?? accounts.get(move.info.destination)?.mint)
      if (!mint) return undefined
      const amount = move.type === 'transferChecked' ? move.info.tokenAmount.amount : move.info.amount
      return { kind: 'spl', token: mint, from: ownerOf(move.info.source), to: ownerOf(move.info.destination), amount: BigInt(amount) }
    }
    case 'mintTo':
    case 'mintToChecked': {
      const amount = move.type === 'mintToChecked' ? move.info.tokenAmount.amount : move.info.amount
      return { kind: 'spl', token: move.info.mint, from: ZERO_KEY, to: ownerOf(move.info.account), amount: BigInt(amount) }
    }
    default: {
      const amount = move.type === 'burnChecked' ? move.info.tokenAmount.amount : move.info.amount
      return { kind: 'spl', token: move.info.mint, from: ownerOf(move.info.account), to: ZERO_KEY, amount: BigInt(amount) }
    }
  }
}

/**
 * The transfers of a block at `slot`. `logIndex` is the top-level instruction's index, and
 * 1000 × (index + 1) + position for an instruction run inside top-level instruction `index`.
 */
export function blockTransfers(slot: bigint, block: SolanaBlock): SourceTransfer[] {
  return block.transactions.flatMap((tx, txIndex) => {
    if (!tx.meta || tx.meta.err !== null) return []
    const { message, signatures } = tx.transaction
    const accounts = tokenAccounts(tx)
    const first = message.instructions[0]
    const firstMove = first && moveOf(first, true, accounts)
    const txFrom = message.accountKeys[0]?.pubkey ?? ''
    // What the transaction was for: the receiver of a plain transfer, else the program it called first.
    const txTo = firstMove?.kind === 'native' ? firstMove.to : (first?.programId ?? '')
    const located = [
      ...message.instructions.map((instruction, index) => ({ instruction, logIndex: index, topLevel: true })),
      ...(tx.meta.innerInstructions ?? []).flatMap(({ index, instructions }) =>
        instructions.map((instruction, position) => ({ instruction, logIndex: 1000 * (index + 1) + position, topLevel: false })),
      ),
    ]
    return located.flatMap(({ instruction, logIndex, topLevel }): SourceTransfer[] => {
      const move = moveOf(instruction, topLevel, accounts)
      if (!move || move.amount === 0n) return []
      return [{ blockNumber: slot, txIndex, logIndex, txHash: signatures[0]!, ...move, txFrom, txTo }]
    })
  })
}
