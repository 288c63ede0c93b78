import { index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The sign-in-with-a-wallet server's tables (nonces and sessions), in their own Postgres
 * schema beside the frame's. Times are timestamptz written from the server's clock; the
 * session cookie's token is stored as its SHA-256 (it is 256 random bits, so no key is needed).
 */
export const siwx = pgSchema('siwx')

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A nonce handed out for one sign-in: used once, before it expires. */
export const siwxNonces = siwx.table(
  'nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('nonces_expires_at').on(t.expiresAt)],
)

/** A signed-in account, with the message and signature that proved it. */
export const siwxSessions = siwx.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    address: text('address').notNull(),
    chainId: text('chain_id').notNull(),
    domain: text('domain').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    issuedAt: time('issued_at').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt)],
)

/** Fixed-window counters (nonces handed out per client address and in all), shared by every instance. */
export const siwxRateLimits = siwx.table(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: time('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)
