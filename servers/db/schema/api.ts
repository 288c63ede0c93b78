import { bigint, index, integer, jsonb, numeric, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The Blockchain API's index (servers/api): what its chain sources read, in their own
 * Postgres schema. Every row names its network by CAIP-2 id (`eip155:31337`,
 * `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), and addresses are strings in the chain's canonical form (EIP-55
 * checksummed on eip155, base58 on solana), so an EVM and a Solana source share the tables.
 * Amounts and token ids are numeric(78,0): exact up to 2^256, read back as decimal strings.
 */
export const api = pgSchema('api')

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const uint = (name: string) => numeric(name, { precision: 78, scale: 0 })

/**
 * The last blocks indexed per network (a window: older ones are pruned), kept for their
 * hashes: a stored block whose hash the chain no longer has means a reorg, and everything
 * above the last block both agree on is deleted and read again.
 */
export const apiBlocks = api.table(
  'blocks',
  {
    chainId: text('chain_id').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    timestamp: time('timestamp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
)

/**
 * Per network, the last block number read (every transfer up to it is stored): indexing goes
 * on from the next one. Moved in the same transaction as the rows it covers, and only from
 * the value the writer read, so two writers can never both store a range.
 */
export const apiCursors = api.table('cursors', {
  chainId: text('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  updatedAt: time('updated_at').notNull(),
})

/**
 * Every transfer that took effect, one row each: a transaction's own native value
 * (kind 'native', token ''), ERC20 and SPL token movements, and ERC721 tokens (amount 1,
 * with token_id). A transaction is the rows sharing (chain_id, block_number, tx_index);
 * history pages over them newest first.
 */
export const apiTransfers = api.table(
  'transfers',
  {
    chainId: text('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    /** The transaction's position in its block. */
    txIndex: integer('tx_index').notNull(),
    /** The transfer's position: the log's index on eip155, -1 for the transaction's own value; the instruction's on solana. */
    logIndex: integer('log_index').notNull(),
    txHash: text('tx_hash').notNull(),
    minedAt: time('mined_at').notNull(),
    kind: text('kind', { enum: ['native', 'erc20', 'erc721', 'spl'] }).notNull(),
    /** The token contract (or mint); '' for the network's native currency. */
    token: text('token').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** In the token's smallest unit; 1 for an NFT. */
    amount: uint('amount').notNull(),
    tokenId: uint('token_id'),
    /** The transaction's sender and recipient (the contract called, or the one it created). */
    txFrom: text('tx_from').notNull(),
    txTo: text('tx_to').notNull(),
    txNonce: bigint('tx_nonce', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.txIndex, t.logIndex] }),
    index('transfers_from').on(t.chainId, t.fromAddress, t.blockNumber, t.txIndex),
    index('transfers_to').on(t.chainId, t.toAddress, t.blockNumber, t.txIndex),
  ],
)

/** Token metadata, read once when a token is first seen (placeholders when the contract does not answer). */
export const apiTokens = api.table(
  'tokens',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    standard: text('standard', { enum: ['erc20', 'erc721', 'spl'] }).notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    /** Null for NFTs. */
    decimals: integer('decimals'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

/** Who holds each NFT now: the last ERC721 transfer of the token, kept in step with `transfers` (reorgs included). */
export const apiNftOwners = api.table(
  'nft_owners',
  {
    chainId: text('chain_id').notNull(),
    token: text('token').notNull(),
    tokenId: uint('token_id').notNull(),
    owner: text('owner').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.token, t.tokenId] }), index('nft_owners_owner').on(t.chainId, t.owner, t.token, t.tokenId)],
)

/**
 * The name registry (SPEC §7 "Register an ENS name"): one row per name, bound to the account
 * whose signature registered it. `name` is lower case (names are case-insensitive, so
 * "Alice-Test" and "alice-test" are one name); the primary key makes a second registration
 * of a name fail in the database, whichever instance receives it.
 */
export const apiNames = api.table(
  'names',
  {
    name: text('name').primaryKey(),
    /** ENSIP-11 coin type the registration named, and its CAIP-2 network. */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    chainId: text('chain_id').notNull(),
    /** Canonical form (EIP-55). */
    address: text('address').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    /** What was signed and the signature, kept as the proof of the registration. */
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('names_address').on(t.address, t.createdAt)],
)
