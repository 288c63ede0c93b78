import { bigint, boolean, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The frame server's tables (users, devices, one-time codes, sessions, wallets and their
 * encrypted key shares), in their own Postgres schema so that other servers sharing the
 * database keep theirs apart. Every time is a timestamptz the server writes from its own
 * clock; every secret a visitor presents (code, link token, refresh token) is stored as a
 * keyed hash, never as itself.
 */
export const frame = pgSchema('frame')

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = frame.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Null for a user who logged in only through a provider that asserted no verified email. */
  email: text('email').unique(),
  createdAt: time('created_at').notNull(),
})

/** A device (a frame origin's IndexedDB, named by the id the frame generated) the user approved. */
export const devices = frame.table(
  'devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    approvedAt: time('approved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
)

/** A mailed approval link for a device not yet known for that email. */
export const deviceApprovals = frame.table(
  'device_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    deviceId: text('device_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    approvedAt: time('approved_at'),
    /** Set once, by the first waiter that sees the approval: the code is mailed exactly once. */
    codeSentAt: time('code_sent_at'),
    /** What the approval page shows: the site (its project), the browser and OS that asked, and their network. */
    projectId: text('project_id'),
    device: text('device'),
    network: text('network'),
  },
  (t) => [index('device_approvals_email_device').on(t.email, t.deviceId)],
)

/** Six-digit one-time codes. `key` names what the code is for (login of an email on a device, an email update step). */
export const codes = frame.table(
  'codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    codeHash: text('code_hash').notNull(),
    /** For an email update: the address the user moves to. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('codes_key').on(t.key)],
)

/** A login: one family of rotating refresh tokens. Revoking it ends every token of the family. */
export const sessions = frame.table('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  deviceId: text('device_id').notNull(),
  projectId: text('project_id').notNull(),
  /** A new device verified by email: it may fetch an existing split to re-split the key. */
  recovery: boolean('recovery').notNull(),
  createdAt: time('created_at').notNull(),
  revokedAt: time('revoked_at'),
})

export const refreshTokens = frame.table(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    /** Set when rotated; presenting a spent token again revokes the session. */
    spentAt: time('spent_at'),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
)

/** The user's address per namespace (eip155, solana): the same on every device. */
export const wallets = frame.table(
  'wallets',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    address: text('address').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.namespace] })],
)

/** The server's two shares of one device's 2-of-3 split, each AES-256-GCM-sealed under the key-encryption key. */
export const keyShares = frame.table(
  'key_shares',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    namespace: text('namespace').notNull(),
    authShare: text('auth_share').notNull(),
    recoveryShare: text('recovery_share').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId, t.namespace] })],
)

/** Fixed-window counters (code requests per email, per client address), shared by every instance. */
export const rateLimits = frame.table(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: time('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

/** The time before which another code request for a key (an email) is refused. */
export const cooldowns = frame.table('cooldowns', {
  key: text('key').primaryKey(),
  until: time('until').notNull(),
})

/** A login through a social provider, bound to one user: the provider's subject never changes hands. */
export const socialIdentities = frame.table(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name the provider gave at the last login, shown as the social username. */
    username: text('username'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user').on(t.userId)],
)

/**
 * A social login under way, through its one-time steps: the frame that started it (a hashed
 * binding secret), the begin link (hashed, spent once), the browser that followed it (the hash
 * of its cookie's secret), the provider's state (hashed), the PKCE verifier (sealed, destroyed
 * once exchanged), then who logged in (sealed) with the hashed result secret the frame redeems
 * once. Expires after a few minutes; pruned after.
 */
export const socialRequests = frame.table('social_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  beginHash: text('begin_hash').notNull().unique(),
  bindingHash: text('binding_hash').notNull(),
  provider: text('provider').notNull(),
  projectId: text('project_id').notNull(),
  hostOrigin: text('host_origin').notNull(),
  /** 'popup' (the answer goes to the frame by message) or 'redirect' (back to `returnUrl`). */
  flow: text('flow').notNull(),
  /** A registered return URL of the project; redirect flow only. */
  returnUrl: text('return_url'),
  beganAt: time('began_at'),
  stateHash: text('state_hash').unique(),
  browserHash: text('browser_hash'),
  codeVerifier: text('code_verifier'),
  nonce: text('nonce'),
  answeredAt: time('answered_at'),
  resultHash: text('result_hash').unique(),
  claims: text('claims'),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  usedAt: time('used_at'),
})

/**
 * A Farcaster login under way: the relay channel's token (stored as a keyed hash), the nonce
 * the Sign In With Farcaster message must carry, and the frame that started it (a hashed
 * binding secret). Spent once; expires after a few minutes.
 */
export const farcasterRequests = frame.table('farcaster_requests', {
  channelHash: text('channel_hash').primaryKey(),
  bindingHash: text('binding_hash').notNull(),
  projectId: text('project_id').notNull(),
  hostOrigin: text('host_origin').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  usedAt: time('used_at'),
})

/**
 * Consent for a device the user had not used before to receive the server's two shares of
 * an existing split (a recovery session): one row per user and device. The shares go out once
 * an existing device approved it (`approvedBy`) or `releaseAt` passed, and never once refused.
 * The refuse link's token, mailed at once, is stored as a keyed hash.
 */
export const deviceGrants = frame.table(
  'device_grants',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    projectId: text('project_id').notNull(),
    /** The asking browser and OS, and its network (/24 or /64), as the prompt and the mails show them. */
    device: text('device').notNull(),
    network: text('network').notNull(),
    requestedAt: time('requested_at').notNull(),
    releaseAt: time('release_at').notNull(),
    approvedAt: time('approved_at'),
    /** The existing device that approved it, inside its frame. */
    approvedBy: text('approved_by'),
    refusedAt: time('refused_at'),
    refuseTokenHash: text('refuse_token_hash').notNull().unique(),
    /** Set at the first release of shares: the share-fetch notice is mailed once per device. */
    sharesSentAt: time('shares_sent_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
)

/**
 * A passkey (a discoverable WebAuthn credential made on the frame's origin) a user logs in
 * with. The public key only: the private key never leaves the visitor's authenticator.
 */
export const passkeys = frame.table(
  'passkeys',
  {
    /** The credential id, base64url, as the authenticator gave it. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at the last login; 0 for one that keeps none. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** The transports the browser reported (JSON array), given back as hints at login. */
    transports: text('transports').notNull(),
    /** 'singleDevice' or 'multiDevice' (synced), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** Whether the authenticator enabled the PRF extension at creation: a later release seals the recovery share under its output. */
    prf: boolean('prf').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at'),
  },
  (t) => [index('passkeys_user').on(t.userId)],
)

/**
 * A WebAuthn challenge the server issued: what it is for (a sign-up, a login, a passkey added
 * to a signed-in user), the frame that asked, and for a sign-up the user id the credential is
 * made for. Spent once; expires after minutes.
 */
export const passkeyChallenges = frame.table('passkey_challenges', {
  /** The challenge, base64url: the response's clientDataJSON names it, so it is looked up by it. */
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').notNull(),
  /** The user the credential is made for (sign-up: the id the new user will have; add: the signed-in user). */
  userId: uuid('user_id'),
  projectId: text('project_id').notNull(),
  deviceId: text('device_id').notNull(),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  usedAt: time('used_at'),
})
